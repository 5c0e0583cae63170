import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** How long the demo's monthly report takes to build. */
export const REPORT_DURATION_MS = 20_000;

/**
 * Builds reports: slow work that honours an `AbortSignal`, as a real export or query would.
 * Emits `started`, `finished` and `cancelled` (for the demo's logs and tests).
 */
@Injectable()
export class ReportService extends EventEmitter {
  build(tenant: string, month: string, signal: AbortSignal): Promise<string> {
    this.emit('started', { tenant, month });
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        this.emit('finished', { tenant, month });
        resolve(`Monthly report ${month} for ${tenant}: 3 invoices, 2595 billed.`);
      }, REPORT_DURATION_MS);
      const onAbort = () => {
        clearTimeout(timer);
        this.emit('cancelled', { tenant, month, reason: signal.reason });
        reject(signal.reason);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

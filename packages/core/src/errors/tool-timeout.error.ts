import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** A tool call ran longer than its `timeoutMs`. The runner stops waiting at once. */
export class ToolTimeoutError extends ToolwrightError {
  static {
    brand(this, 'ToolTimeoutError');
  }

  constructor(
    readonly toolName: string,
    readonly callId: string,
    readonly timeoutMs: number,
  ) {
    super(`Tool "${toolName}" (call ${callId}) timed out after ${timeoutMs} ms.`);
  }
}

import { Injectable } from '@nestjs/common';

/** One audited tool call. */
export interface AuditEntry {
  tool: string;
  callId: string;
  tenant: string;
  /** Who asked for the call (the run's requester). */
  user: string;
  /** Who approved it, for a call that needed approval. */
  decidedBy?: string;
  outcome: 'ok' | 'error';
  durationMs: number;
}

/** Where tool calls are recorded (a real app would write to a database or a log pipeline). */
@Injectable()
export class AuditLog {
  private readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  forTenant(tenant: string): AuditEntry[] {
    return this.entries.filter((e) => e.tenant === tenant);
  }
}

import { randomUUID } from 'node:crypto';
import { UserError, type ApprovalDecision } from '@toolwright/core';

/** A served call that waits for a person's decision. */
export interface PendingApproval {
  /** Quoted in the error the MCP client got; pass it to `approve` / `reject`. */
  id: string;
  toolName: string;
  /** The call's arguments, as the client sent them. */
  arguments: unknown;
  /** The MCP session the call came from (HTTP), if any. */
  sessionId?: string;
  createdAt: number;
  status: 'pending' | 'approved' | 'rejected';
  /** The rejection message, when rejected. */
  message?: string;
}

/** Options of the approvals kept by a served MCP server. */
export interface McpApprovalOptions {
  /** How long a pending or decided approval is kept (default one hour). */
  ttlMs?: number;
  /** Most approvals kept; the oldest are forgotten first (default 1,000). */
  maxEntries?: number;
  /** Told about each new pending approval (to notify an operator). */
  onPending?: (approval: PendingApproval) => void;
}

interface Entry extends PendingApproval {
  key: string;
}

/**
 * The approvals of calls an MCP client made to tools that need approval, when nothing decided
 * them inline (no `approvalHandler` answer, no client elicitation). The client's call fails
 * with an error naming the pending approval; once a person approves it here, the same call
 * (same session, tool and arguments) made again runs — once. A rejection answers that retry
 * with the rejection message.
 *
 * @example
 * const server = await serveMcp([new BillingTools()], { name: 'billing', version: '1.0.0', transport: { port: 3000 } });
 * for (const p of server.approvals.list()) if (p.toolName === 'refund' && isSmall(p.arguments)) server.approvals.approve(p.id);
 */
export class McpApprovals {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: McpApprovalOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** The approvals kept now (pending and decided-but-unused), oldest first. */
  list(): PendingApproval[] {
    this.expire();
    return [...this.entries.values()].map(({ key: _key, ...approval }) => ({ ...approval }));
  }

  /** Approves a pending call: the client's next identical call runs. */
  approve(id: string): void {
    this.decide(id, 'approved');
  }

  /** Rejects a pending call: the client's next identical call is answered with `message`. */
  reject(id: string, message?: string): void {
    this.decide(id, 'rejected', message);
  }

  /** The decision recorded for a call, consumed (one use). @internal */
  take(key: string): ApprovalDecision | undefined {
    this.expire();
    for (const entry of this.entries.values()) {
      if (entry.key !== key || entry.status === 'pending') continue;
      this.entries.delete(entry.id);
      return entry.status === 'approved' ? { approved: true } : { approved: false, message: entry.message ?? 'A person rejected this call.' };
    }
    return undefined;
  }

  /** The pending approval for a call, created on first ask (one per identical call). @internal */
  pend(key: string, call: { toolName: string; arguments: unknown; sessionId?: string }): PendingApproval {
    this.expire();
    for (const entry of this.entries.values()) if (entry.key === key && entry.status === 'pending') return { ...entry };
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const entry: Entry = { key, id: `apr_${randomUUID()}`, ...call, createdAt: Date.now(), status: 'pending' };
    this.entries.set(entry.id, entry);
    const { key: _key, ...approval } = entry;
    this.options.onPending?.({ ...approval });
    return approval;
  }

  private decide(id: string, status: 'approved' | 'rejected', message?: string): void {
    this.expire();
    const entry = this.entries.get(id);
    if (!entry) throw new UserError(`No pending approval "${id}" (it was never made, already used, or expired). Fix: take the id from approvals.list().`);
    if (entry.status !== 'pending') throw new UserError(`The approval "${id}" was already ${entry.status}.`);
    entry.status = status;
    if (message !== undefined) entry.message = message;
  }

  private expire(): void {
    const oldest = Date.now() - this.ttlMs;
    for (const [id, entry] of this.entries) {
      if (entry.createdAt >= oldest) break;
      this.entries.delete(id);
    }
  }
}

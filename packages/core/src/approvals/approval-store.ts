import type { RecordedDecision } from '../contracts/approval-decision';

/**
 * The decisions recorded on a run: exact ones by call id and standing ones by tool name. An
 * exact decision outranks a standing one. Exact decisions are dropped once their batch is
 * answered; standing ones last for the rest of the run. @internal
 */
export class ApprovalStore {
  readonly exact = new Map<string, RecordedDecision>();
  readonly standing = new Map<string, RecordedDecision>();

  /** The decision that applies to a call, if any: the exact one, else the tool's standing one. */
  lookup(toolName: string, callId: string): RecordedDecision | undefined {
    return this.exact.get(callId) ?? this.standing.get(toolName);
  }

  /**
   * Records a decision on a call; with `always`, also for every later call of the tool. The call's
   * own decision is replaced either way, so the last word on a call stands.
   */
  record(toolName: string, callId: string, decision: RecordedDecision, always: boolean): void {
    this.exact.set(callId, decision);
    if (always) this.standing.set(toolName, { approved: decision.approved, ...(decision.message !== undefined ? { message: decision.message } : {}) });
  }

  /** A copy (decisions are plain data). */
  clone(): ApprovalStore {
    const copy = new ApprovalStore();
    for (const [k, v] of this.exact) copy.exact.set(k, { ...v });
    for (const [k, v] of this.standing) copy.standing.set(k, { ...v });
    return copy;
  }
}

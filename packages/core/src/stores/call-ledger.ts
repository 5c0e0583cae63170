import type { RunClaim } from './run-claim';

/** A call's recorded output: the `ToolResult` as JSON, or the error the tool failed with. */
export type RecordedCallOutput =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; name: string; message: string };

/** One call in the ledger. */
export interface CallLedgerEntry {
  callId: string;
  toolName: string;
  /** `started`: the tool was invoked and never reported back; `finished`: `output` holds what it returned. */
  status: 'started' | 'finished';
  /** Invocations so far (more than 1 after a retry). */
  attempts: number;
  startedAt: number;
  finishedAt?: number;
  output?: RecordedCallOutput;
}

/**
 * The call ledger, for exactly-once side effects: keyed by run id and call id, it records that a
 * call started before its tool is invoked and what it returned once it finished. On a resume or a
 * retry after a crash the runner reuses a finished call's output instead of invoking the tool
 * again, and applies the unfinished-call policy to a call that started but never finished.
 */
export interface CallLedger {
  /**
   * Records that a call starts, atomically and only while `claim` holds. Returns `undefined`
   * when the call is now recorded as started by this claim, or the existing entry when the call
   * is already in the ledger (nothing is changed then).
   * @throws RunAlreadyClaimedError when the run was taken over by another claim.
   */
  beginCall(claim: RunClaim, callId: string, toolName: string): Promise<CallLedgerEntry | undefined>;
  /** Records another attempt of a started call (the retry policy), while `claim` holds. */
  restartCall(claim: RunClaim, callId: string): Promise<void>;
  /** Records a call's output. */
  finishCall(runId: string, callId: string, output: RecordedCallOutput): Promise<void>;
  /** Removes a call from the ledger (it will run as a new call). */
  forgetCall(runId: string, callId: string): Promise<void>;
  /** Every call of a run in the ledger. */
  calls(runId: string): Promise<CallLedgerEntry[]>;
}

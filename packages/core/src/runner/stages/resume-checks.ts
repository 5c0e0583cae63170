import { RunStateError } from '../../errors/run-state.error';
import type { CallOutcome } from '../call-outcome';
import type { PreparedCall } from '../call-preparation';
import { emitEvent, type RunEnvironment } from '../run-environment';
import type { ApprovalRequest } from '../../contracts/approval-request';
import type { PendingBatch } from '../../contracts/pending-batch';

/**
 * On a resumed run, refuses the batch before anything runs when a call that waited for approval
 * (or holds a decision) names a tool the agent no longer has: the state does not fit the tools
 * it is resumed with. @internal
 */
export function checkResumedCalls(env: RunEnvironment, prepared: readonly PreparedCall[]): void {
  const state = env.state;
  if (state.resumedInterruptions.length === 0 && state.approvals.exact.size === 0) return;
  const waited = new Set<string>();
  for (const r of state.resumedInterruptions) waited.add(r.parentCallId ?? r.callId);
  for (const callId of state.approvals.exact.keys()) waited.add(callId);
  for (const p of prepared) {
    if (p.tool || !waited.has(p.call.callId) || state.pendingBatch?.outputs.has(p.call.callId)) continue;
    throw new RunStateError(
      `The resumed run state waits for call ${p.call.callId} of tool "${p.call.name}", but agent "${state.currentAgent.name}" has no such tool now. ` +
        'Resume with the same tools the run was paused with. No tool of the batch ran.',
    );
  }
}

/**
 * After a batch ran, pauses the run when calls paused inside their tools (nested runs waiting for
 * approval): their nested states are kept on the batch by call id, the nested interruptions
 * become the run's (with `parentCallId`), and `approval_required` is emitted. The siblings'
 * outputs stay on the batch. Returns whether the run paused. @internal
 */
export function pauseForNestedRuns(env: RunEnvironment, batch: PendingBatch, outcomes: ReadonlyArray<CallOutcome | undefined>): boolean {
  const paused = outcomes.filter((o): o is CallOutcome => o !== undefined && o.paused !== undefined);
  if (paused.length === 0) return false;
  const state = env.state;
  const requests: ApprovalRequest[] = [];
  state.interruptionTools.clear();
  batch.nested ??= new Map();
  for (const outcome of paused) {
    const nested = outcome.paused!.state;
    batch.nested.set(outcome.call.callId, { state: nested.toJSON() });
    for (const r of nested.interruptions) requests.push({ ...r, parentCallId: outcome.call.callId });
    for (const [callId, tool] of nested.interruptionTools) state.interruptionTools.set(callId, tool);
  }
  state.status = 'interrupted';
  state.interruptions = requests;
  emitEvent(env, { type: 'approval_required', agent: state.currentAgent, interruptions: requests.slice() });
  return true;
}

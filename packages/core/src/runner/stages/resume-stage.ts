import { RunStateError } from '../../errors/run-state.error';
import type { RunEnvironment } from '../run-environment';
import type { BatchCall } from './batch-call';
import type { BatchStage } from './batch-stage';

/**
 * The resume check of a batch, before anything runs: on a resumed run, a call that waited for
 * approval (or holds a decision) and names a tool the agent no longer has refuses the whole
 * batch — the state does not fit the tools it is resumed with. @internal
 */
export const resumeStage: BatchStage = {
  name: 'resume',
  review: (ctx, calls) => checkResumedCalls(ctx.env, calls),
};

function checkResumedCalls(env: RunEnvironment, calls: readonly BatchCall[]): undefined {
  const state = env.state;
  if (state.resumedInterruptions.length === 0 && state.approvals.exact.size === 0) return undefined;
  const waited = new Set<string>();
  for (const r of state.resumedInterruptions) waited.add(r.parentCallId ?? r.callId);
  for (const callId of state.approvals.exact.keys()) waited.add(callId);
  for (const c of calls) {
    if (c.tool || !waited.has(c.call.callId) || state.pendingBatch?.outputs.has(c.call.callId)) continue;
    throw new RunStateError(
      `The resumed run state waits for call ${c.call.callId} of tool "${c.call.name}", but agent "${state.currentAgent.name}" has no such tool now. ` +
        'Resume with the same tools the run was paused with. No tool of the batch ran.',
    );
  }
  return undefined;
}

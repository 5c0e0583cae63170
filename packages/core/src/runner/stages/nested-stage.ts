import type { ApprovalRequest } from '../../contracts/approval-request';
import type { NestedPause, PendingBatch } from '../../contracts/pending-batch';
import type { Tool } from '../../contracts/tool';
import type { RunState } from '../../state/run-state';
import type { CallOutcome } from '../call-outcome';
import type { BatchPause } from './batch-call';
import type { BatchStage } from './batch-stage';

/**
 * Calls whose tool paused inside (a nested agent run waiting for approval): such a call runs
 * again on resume with its nested state (the parent's decisions copied in); after a batch in
 * which calls paused inside, the run pauses with the nested interruptions as its own (with
 * `parentCallId`), the nested states kept on the batch by call id. @internal
 */
export const nestedStage: BatchStage = {
  name: 'nested',
  nestedStateOf: (ctx, c) => {
    const nested = ctx.batch.nested?.get(c.call.callId);
    return nested ? nestedStateWithDecisions(ctx.env.state, nested) : undefined;
  },
  afterCall: (ctx, c) => {
    ctx.batch.nested?.delete(c.call.callId);
  },
  afterBatch: (ctx, outcomes) => pauseForNestedRuns(ctx.batch, outcomes),
};

function pauseForNestedRuns(batch: PendingBatch, outcomes: ReadonlyArray<CallOutcome | undefined>): BatchPause | undefined {
  if (!outcomes.some(pausedInside)) return undefined;
  const paused = outcomes.filter((o): o is CallOutcome => o !== undefined && o.paused !== undefined);
  if (paused.length === 0) return undefined;
  const interruptions: ApprovalRequest[] = [];
  const tools = new Map<string, Tool>();
  batch.nested ??= new Map();
  for (const outcome of paused) {
    const nested = outcome.paused!.state;
    batch.nested.set(outcome.call.callId, { state: nested.toJSON() });
    for (const r of nested.interruptions) interruptions.push({ ...r, parentCallId: outcome.call.callId });
    for (const [callId, tool] of nested.interruptionTools) tools.set(callId, tool);
  }
  return { kind: 'paused', interruptions, tools };
}

/**
 * The JSON of a nested run paused inside a call, with the decisions made on the parent's state
 * copied in: exact decisions for the nested run's pending calls, and every standing decision
 * (the parent's win). Decisions travel with their rejection messages and edited arguments.
 */
function nestedStateWithDecisions(parent: RunState<any>, nested: NestedPause): string {
  const json = JSON.parse(JSON.stringify(nested.state)) as {
    interruptions?: Array<{ callId?: unknown }>;
    approvals?: { exact?: Record<string, unknown>; standing?: Record<string, unknown> };
  };
  const approvals = (json.approvals ??= {});
  const exact = (approvals.exact ??= {});
  const standing = (approvals.standing ??= {});
  for (const request of json.interruptions ?? []) {
    if (typeof request.callId !== 'string') continue;
    const decision = parent.approvals.exact.get(request.callId);
    if (decision) exact[request.callId] = { ...decision };
  }
  for (const [toolName, decision] of parent.approvals.standing) standing[toolName] = { ...decision };
  return JSON.stringify(json);
}

function pausedInside(outcome: CallOutcome | undefined): boolean {
  return outcome !== undefined && outcome.paused !== undefined;
}

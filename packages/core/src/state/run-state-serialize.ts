import { approvalRequestJson } from '../approvals/approval-request-json';
// The class by its contract reference (completed by run-state.ts, which imports this file).
import type { RunStateRef as RunState } from '../contracts/class-refs';
import { checkMetadata } from './run-metadata';
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type PendingBatchJson, type RunStateJson } from './run-state-format';

/** The JSON form of a state (see `RunStateJson`). @internal */
export function serializeRunState(state: RunState<any>): RunStateJson {
  const json: RunStateJson = {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    id: state.id,
    currentAgent: state.currentAgent.name,
    status: state.status,
    turn: state.turn,
    maxTurns: state.maxTurns,
    consecutiveFailedTurns: state.consecutiveFailedTurns,
    usage: { ...state.usage },
    modelUsage: { ...state.modelUsage },
    toolUsage: { ...state.toolUsage },
    history: state.history,
    disclosedTools: [...state.disclosedTools],
    agentsThatUsedTools: [...state.agentsThatUsedTools],
    pendingBatch: null,
    interruptions: state.interruptions.map(approvalRequestJson),
    approvals: { exact: Object.fromEntries(state.approvals.exact), standing: Object.fromEntries(state.approvals.standing) },
    calledTools: [...state.calledTools].map(([key, record]) => ({ key, ...record })),
    metadata: checkedMetadata(state.metadata),
    guardrailDecisions: state.guardrailDecisions.slice(),
  };
  if (state.finalOutput !== undefined) json.finalOutput = state.finalOutput;
  if (state.persistedContext !== undefined) json.context = state.persistedContext;
  if (state.budgetSpent !== undefined) json.budgetSpent = { ...state.budgetSpent };
  const batch = state.pendingBatch;
  if (batch) {
    const pending: PendingBatchJson = {
      calls: batch.calls,
      outputs: [...batch.outputs.values()].map((o) => ({ callId: o.callId, output: o.output, ...(o.isError ? { isError: true } : {}) })),
    };
    if (batch.incompleteReason !== undefined) pending.incompleteReason = batch.incompleteReason;
    if (batch.nested && batch.nested.size > 0) pending.nested = Object.fromEntries(batch.nested);
    json.pendingBatch = pending;
  }
  return json;
}

/** `state.metadata` as written: checked here, since the application may have changed it freely. */
function checkedMetadata(metadata: unknown): Record<string, unknown> {
  return checkMetadata(metadata, 'state.metadata');
}

import { approvalRequestJson } from '../approvals/approval-request-json';
import type { RunState } from '../state/run-state';
import type { PublicRunView, RunResult, RunResultStatus } from '../contracts/run-result';

export type { PublicRunView, RunResult, RunResultStatus };

/** Builds the result of a run from its state (copies the history once, at the end). @internal */
export function buildRunResult<TContext>(state: RunState<TContext>, status: RunResultStatus): RunResult<unknown, TContext> {
  const result = {
    status,
    finalOutput: state.finalOutput,
    newItems: state.history.slice(state.runStartIndex),
    history: state.history.slice(),
    usage: { ...state.usage },
    modelUsage: { ...state.modelUsage },
    toolUsage: { ...state.toolUsage },
    interruptions: state.interruptions.slice(),
    state,
    lastAgent: state.currentAgent,
    turns: state.turn,
    inputGuardrailResults: [],
    outputGuardrailResults: [],
  } as Omit<RunResult<unknown, TContext>, 'toJSON'> as RunResult<unknown, TContext>;
  // Not enumerable: spreading or comparing a result sees its data only.
  Object.defineProperty(result, 'toJSON', { value: publicView, writable: true, configurable: true });
  return result;
}

/** `result.toJSON()`: what leaves the process. `this` is the result. */
function publicView(this: RunResult<unknown>): PublicRunView {
  const view: PublicRunView = {
    status: this.status,
    finalOutput: this.finalOutput,
    interruptions: this.interruptions.map(approvalRequestJson),
    usage: { ...this.usage },
  };
  return this.runId !== undefined ? { runId: this.runId, ...view } : view;
}

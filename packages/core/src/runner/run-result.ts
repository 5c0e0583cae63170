import type { RunState } from '../state/run-state';
import type { RunResult, RunResultStatus } from '../contracts/run-result';

export type { RunResult, RunResultStatus };

/** Builds the result of a run from its state (copies the history once, at the end). @internal */
export function buildRunResult<TContext>(state: RunState<TContext>, status: RunResultStatus): RunResult<TContext> {
  return {
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
  };
}

import type { Item } from '../../items/item';
import type { RunState } from '../../state/run-state';

/** What replaces each tool output of a terminating batch whose final output was then refused (Z-41). */
export const REFUSED_OUTPUT_NOTICE = 'Output withheld: the run ended on this output, and it was refused (by an output guardrail or a hook).';

/**
 * Replaces, in the state's history, the outputs of the given calls with the fixed notice: the
 * state that is kept (and may be saved and resumed) never holds an output that was refused. The
 * items are replaced, not changed, so a result built before keeps the real ones. @internal
 */
export function withholdOutputs(state: RunState<any>, callIds: ReadonlySet<string>): void {
  const history = state.history as Item[];
  for (let i = state.runStartIndex; i < history.length; i++) {
    const item = history[i]!;
    if (item.type === 'function_call_output' && callIds.has(item.callId)) history[i] = { ...item, output: REFUSED_OUTPUT_NOTICE };
  }
}

import type { FunctionCallItem, FunctionCallOutputItem } from './item';

/**
 * The function calls of the latest model response that do not all have an output yet. The
 * calls are already in the history; their outputs are appended, in call order, once the whole
 * batch is answered. A paused run keeps its batch here so that a resumed run continues with it.
 */
export interface PendingBatch {
  /** The calls, in the order the model made them. */
  calls: FunctionCallItem[];
  /** Outputs already produced, by call id (calls answered before a pause are never re-run). */
  outputs: Map<string, FunctionCallOutputItem>;
  /** Set when the response was cut off: none of its calls run; each is answered with a notice. */
  incompleteReason?: string;
  /**
   * Calls whose tool paused inside (a nested agent run waiting for approval), by call id: the
   * nested run's serialised state, handed back to the tool when the call runs again on resume.
   */
  nested?: Map<string, NestedPause>;
}

/** A call of the batch that paused inside its tool (see `ToolInterruption`). */
export interface NestedPause {
  /** The nested run's state as a plain JSON value (the parsed form of `state.toString()`). */
  state: unknown;
}

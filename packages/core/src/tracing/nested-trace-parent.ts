const parents = new WeakMap<object, unknown>();

/**
 * Marks the options of a nested run (an agent used as a tool) with the span context of the call
 * that starts it, so the nested run's spans nest under that call's `execute_tool` span even when
 * no context manager is registered. @internal
 */
export function setTraceParent(runOptions: object, parent: unknown): void {
  if (parent !== undefined) parents.set(runOptions, parent);
}

/** The span context a run's options were marked with, if any. @internal */
export function traceParentOf<T>(runOptions: object): T | undefined {
  return parents.get(runOptions) as T | undefined;
}

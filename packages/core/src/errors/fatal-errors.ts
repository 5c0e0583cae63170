/**
 * Errors that end the run a call belongs to, as decided by the call pipeline: a call made on
 * behalf of another call (a proxy's hidden tool) rejects with one, and the parent call must pass
 * it on instead of turning it into its own error text. Marked by identity, so a tool that throws
 * an error of the same class on its own is still only that tool's error. @internal
 */
const fatal = new WeakSet<object>();

/** Marks what `work` rejects with as fatal to the parent call. */
export function markFatal<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (typeof error === 'object' && error !== null) fatal.add(error);
    throw error;
  });
}

/** Whether `error` was marked by {@link markFatal}. */
export function isFatalCallError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && fatal.has(error);
}

/**
 * Marks `error` so that the call pipeline ends the run with it instead of turning it into the
 * call's output for the model: for configuration mistakes an integration can only detect while a
 * call runs (the model could not fix them, and a developer must see them). Returns `error`.
 */
export function markFatalError<T extends object>(error: T): T {
  fatal.add(error);
  return error;
}

import { ToolwrightError } from '../errors/toolwright.error';
import { RunAlreadyClaimedError } from './run-already-claimed.error';

/**
 * A run store could not record a call's start or end while the run was in progress (the store
 * was unreachable, or the run was taken over). The run stops rather than risk running a call
 * twice or losing what it did; `cause` holds the store's error.
 */
export class RunStoreError extends ToolwrightError {
  constructor(message: string, readonly runId: string, options: { cause?: unknown } = {}) {
    super(message, options);
  }
}

/** Whether `error` must end the run instead of becoming the call's output. @internal */
export function isRunStoreFailure(error: unknown): boolean {
  return error instanceof RunStoreError || error instanceof RunAlreadyClaimedError;
}

import { ToolwrightError } from '../errors/toolwright.error';
import { RunAlreadyClaimedError } from './run-already-claimed.error';
import { brand } from '../util/brand';

/**
 * A run store could not record a call's start or end while the run was in progress (the store
 * was unreachable, or the run was taken over). The run stops rather than risk running a call
 * twice or losing what it did; `cause` holds the store's error.
 */
export class RunStoreError extends ToolwrightError {
  static {
    brand(this, 'RunStoreError');
  }

  constructor(message: string, readonly runId: string, options: { cause?: unknown } = {}) {
    super(message, options);
  }
}

/** Whether `error` must end the run instead of becoming the call's output. @internal */
export function isRunStoreFailure(error: unknown): boolean {
  // A tool may throw anything: `instanceof` on a revoked Proxy throws, and must not end the run.
  try {
    return error instanceof RunStoreError || error instanceof RunAlreadyClaimedError;
  } catch {
    return false;
  }
}

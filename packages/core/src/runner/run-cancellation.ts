import { RunCancelledError } from '../errors/run-cancelled.error';
import type { CallRecord } from '../calls/call-record';

/**
 * Turns `options.signal` into the run's cancellation: once it fires, `promise` rejects with
 * `RunCancelledError` (so waits end even when a model or tool ignores its signal) and every
 * cancellable running call is aborted. @internal
 */
export class RunCancellation {
  /** Rejects with `RunCancelledError` when the run is cancelled; never resolves. */
  readonly promise: Promise<never>;
  private rejectPromise!: (error: RunCancelledError) => void;
  private errorValue?: RunCancelledError;
  private readonly onAbort = () => this.cancel();

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly activeCalls: Set<CallRecord>,
  ) {
    this.promise = new Promise<never>((_, reject) => (this.rejectPromise = reject));
    // The promise is only ever raced against work; when a run is cancelled while nothing races
    // it, its rejection must not surface as an unhandled rejection.
    this.promise.catch(() => undefined);
    if (signal?.aborted) this.cancel();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The cancellation error, once the run was cancelled. */
  get error(): RunCancelledError | undefined {
    return this.errorValue;
  }

  /** Throws `RunCancelledError` if the run was cancelled. */
  throwIfCancelled(): void {
    if (this.errorValue) throw this.errorValue;
  }

  /** Waits for `work`, or rejects as soon as the run is cancelled. */
  race<T>(work: Promise<T>): Promise<T> {
    if (!this.signal) return work;
    return Promise.race([work, this.promise]);
  }

  /** Stops listening to the signal (the run is over). */
  dispose(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private cancel(): void {
    if (this.errorValue) return;
    this.errorValue = new RunCancelledError(this.signal?.reason);
    for (const call of this.activeCalls) if (call.cancellable) call.abort(this.errorValue);
    this.rejectPromise(this.errorValue);
  }
}

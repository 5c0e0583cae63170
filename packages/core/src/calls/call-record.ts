/**
 * The host's handle on one running call: its abort controller (created only if the tool reads
 * `ctx.signal`, which keeps the common path cheap) and whether it has returned. @internal
 */
export class CallRecord {
  /** Set once the call returned, failed or timed out: later progress is ignored. */
  done = false;
  private controller?: AbortController;
  private abortReason?: { reason: unknown };
  private onAbort?: (reason: unknown) => void;

  constructor(readonly cancellable: boolean) {}

  /** The call's signal, created on first use (already aborted if the call was). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortReason) this.controller.abort(this.abortReason.reason);
    }
    return this.controller.signal;
  }

  /** Whether the call was aborted (timed out, cancelled, or stopped by a sibling's fatal error). */
  get aborted(): boolean {
    return this.abortReason !== undefined;
  }

  /** Aborts the call's signal with `reason` (once). */
  abort(reason: unknown): void {
    if (this.abortReason) return;
    this.abortReason = { reason };
    this.controller?.abort(reason);
    const hook = this.onAbort;
    this.onAbort = undefined;
    hook?.(reason);
  }

  /**
   * Runs `hook` once when the call is aborted (the run was cancelled or failed): the host's own
   * timer for the call is cleared then, so an abandoned call holds no timer. One hook per call.
   */
  whenAborted(hook: (reason: unknown) => void): void {
    if (this.abortReason) hook(this.abortReason.reason);
    else this.onAbort = hook;
  }
}

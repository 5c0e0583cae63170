import { UserError } from '../errors/user.error';
import { RunAlreadyClaimedError } from '../stores/run-already-claimed.error';
import type { RunClaim } from '../stores/run-claim';
import { RunNotFoundError } from '../stores/run-not-found.error';
import type { RunStore } from '../stores/run-store';

/**
 * Keeps a claim's lease alive while a resumed run goes on: renews it every third of the lease.
 * When a renewal finds the run taken over, the run's `signal` aborts (its calls are cancelled)
 * and `lostError` says why. Other renewal failures are retried on the next tick; the lease itself
 * leaves room for a few. @internal
 */
export class LeaseKeeper {
  /** Aborts when the caller's signal does, or when the claim was lost. */
  readonly signal: AbortSignal;
  /** Set when a renewal found the claim lost. */
  lostError?: Error;
  private current: RunClaim;
  private readonly lost = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private renewing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly store: RunStore,
    claim: RunClaim,
    private readonly leaseMs: number | undefined,
    outer: AbortSignal | undefined,
  ) {
    this.current = claim;
    this.signal = outer ? AbortSignal.any([outer, this.lost.signal]) : this.lost.signal;
    const lease = leaseMs ?? Math.max(1, claim.leaseExpiresAt - claim.claimedAt);
    this.timer = setInterval(() => this.tick(), Math.max(10, Math.floor(lease / 3)));
    // A lease being kept must not keep the process alive on its own.
    this.timer.unref();
  }

  /** The claim as last renewed. */
  get claim(): RunClaim {
    return this.current;
  }

  /** Stops renewing (waits for a renewal in flight). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.renewing;
  }

  private tick(): void {
    if (this.stopped || this.renewing) return;
    this.renewing = this.store
      .renew(this.current, this.leaseMs !== undefined ? { leaseMs: this.leaseMs } : {})
      .then(
        (renewed) => {
          if (!this.stopped) this.current = renewed;
        },
        (error: unknown) => {
          // The store was unreachable: try again on the next tick.
          if (!(error instanceof RunAlreadyClaimedError || error instanceof RunNotFoundError || error instanceof UserError)) return;
          this.lostError = error as Error;
          this.stopped = true;
          clearInterval(this.timer);
          this.lost.abort(error);
        },
      )
      .finally(() => {
        this.renewing = undefined;
      });
  }
}

import { ToolwrightError } from '../errors/toolwright.error';
import { brand } from '../util/brand';

/**
 * Another caller holds the right to resume this run (or has completed it): only one process may
 * resume a stored run. Thrown by `store.claim` to every caller but the winner, and by writes made
 * under a claim that was taken over.
 */
export class RunAlreadyClaimedError extends ToolwrightError {
  static {
    brand(this, 'RunAlreadyClaimedError');
  }

  constructor(
    /** The run. */
    readonly runId: string,
    /** Whether the run is still being resumed (`claimed`) or already done (`completed`). */
    readonly status: 'claimed' | 'completed',
    /** When the current claim was won, or when the run completed (epoch milliseconds). */
    readonly claimedAt: number,
    /** When the current claim's lease ends unless renewed (claimed runs). */
    readonly leaseExpiresAt?: number,
  ) {
    super(
      status === 'completed'
        ? `Run ${runId} was already resumed and completed (at ${iso(claimedAt)}); it cannot be resumed again.`
        : `Run ${runId} is being resumed by another process (claimed at ${iso(claimedAt)}, lease until ${iso(leaseExpiresAt ?? claimedAt)}). ` +
            'Only one process resumes a run; if that process died, the run can be claimed again once the lease has expired.',
    );
  }
}

function iso(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms);
}

import { UserError } from '../errors/user.error';
import { RunAlreadyClaimedError } from './run-already-claimed.error';
import type { RunClaim } from './run-claim';
import type { StoredRunStatus } from './run-store';

/** What a store knows about who holds a run, to explain a refused claim or write. */
export interface ClaimView {
  status: StoredRunStatus;
  token?: string | null;
  claimedAt?: number | null;
  leaseExpiresAt?: number | null;
  completedAt?: number | null;
}

/**
 * The error for a claim that lost: the run is completed, or held by a claim whose lease has not
 * expired. `undefined` when the run can be claimed (paused, or its lease expired).
 */
export function claimRefusal(runId: string, view: ClaimView, now: number): RunAlreadyClaimedError | undefined {
  if (view.status === 'completed') return new RunAlreadyClaimedError(runId, 'completed', view.completedAt ?? now);
  if (view.status === 'claimed' && (view.leaseExpiresAt ?? 0) > now) {
    return new RunAlreadyClaimedError(runId, 'claimed', view.claimedAt ?? now, view.leaseExpiresAt ?? undefined);
  }
  return undefined;
}

/**
 * The error for a write under `claim` when the claim no longer holds: the run was completed,
 * taken over by another claim, or released.
 */
export function lostClaimError(claim: RunClaim, view: ClaimView, now: number): Error {
  if (view.status === 'completed') return new RunAlreadyClaimedError(claim.runId, 'completed', view.completedAt ?? now);
  if (view.status === 'claimed') return new RunAlreadyClaimedError(claim.runId, 'claimed', view.claimedAt ?? now, view.leaseExpiresAt ?? undefined);
  return new UserError(`The claim on run ${claim.runId} was released; claim the run again before writing to it.`);
}

/** Throws unless `claim` is a claim object as `store.claim` returns it. */
export function checkClaim(claim: unknown, where: string): asserts claim is RunClaim {
  const c = claim as Partial<RunClaim> | null;
  if (typeof c !== 'object' || c === null || typeof c.runId !== 'string' || typeof c.token !== 'string' || c.token.length === 0) {
    throw new UserError(`${where}: pass the claim returned by store.claim(id).`);
  }
}

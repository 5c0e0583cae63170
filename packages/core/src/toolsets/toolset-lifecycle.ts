import type { Toolset } from '../contracts/toolset';

/** One toolset's shared setup, counted by the runs that use it. */
interface Lease {
  users: number;
  ready: Promise<void>;
}

const leases = new WeakMap<Toolset, Lease>();

/**
 * Marks a run as a user of `toolset`, running `setup()` when no other run is using it. Runs that
 * start while a setup is in progress wait for that same setup. If `setup()` throws, the error
 * reaches every waiting run and the next run tries again. @internal
 */
export async function acquireToolset(toolset: Toolset): Promise<void> {
  let lease = leases.get(toolset);
  if (!lease) {
    lease = { users: 0, ready: Promise.resolve().then(() => toolset.setup?.()) };
    leases.set(toolset, lease);
  }
  lease.users++;
  try {
    await lease.ready;
  } catch (error) {
    lease.users--;
    if (leases.get(toolset) === lease) leases.delete(toolset);
    throw error;
  }
}

/**
 * Ends a run's use of `toolset`; the last run to let go calls `close()` and this resolves once it
 * has finished (or rejects with its error). @internal
 */
export async function releaseToolset(toolset: Toolset): Promise<void> {
  const lease = leases.get(toolset);
  if (!lease) return;
  lease.users--;
  if (lease.users > 0) return;
  leases.delete(toolset);
  await toolset.close?.();
}

/** How many runs are using `toolset` right now (0 when it is closed). */
export function toolsetUsers(toolset: Toolset): number {
  return leases.get(toolset)?.users ?? 0;
}

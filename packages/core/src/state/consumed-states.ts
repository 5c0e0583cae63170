import { TOOLWRIGHT_LIMITS } from '../limits/limits';

/**
 * The in-process resume-once guard: ids of states that a run has resumed in this process, so
 * that resuming one again (the same object, or another object read from the same JSON) is
 * refused. Its real guarantee is narrow, and documented as such (README, "Limits"): it holds
 * within one process, until a restart, for the `TOOLWRIGHT_LIMITS.resumeGuardSize` (50,000) most
 * recently resumed ids; the oldest are forgotten first, so memory stays bounded. A state object
 * that was resumed stays refused for its whole life whatever the guard remembers. Across
 * processes, restarts, or further back, only a run store gives the guarantee: its atomic claim
 * lets exactly one resume of a paused run win. @internal
 */
const consumed = new Set<string>();

/** Records `id` as resumed; returns false when it already was. @internal */
export function markStateConsumed(id: string): boolean {
  if (consumed.has(id)) return false;
  consumed.add(id);
  if (consumed.size > TOOLWRIGHT_LIMITS.resumeGuardSize) consumed.delete(consumed.values().next().value as string);
  return true;
}

/** Whether `id` was resumed already in this process (among the most recent ones). @internal */
export function isStateConsumed(id: string): boolean {
  return consumed.has(id);
}

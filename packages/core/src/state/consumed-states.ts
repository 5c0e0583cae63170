/**
 * Ids of states that a run has already resumed in this process, so that resuming one again (the
 * same object, or another object read from the same JSON) is refused. Bounded: the oldest ids
 * are forgotten first. Across processes, store `state.id` yourself. @internal
 */
const MAX_REMEMBERED = 50_000;
const consumed = new Set<string>();

/** Records `id` as resumed; returns false when it already was. @internal */
export function markStateConsumed(id: string): boolean {
  if (consumed.has(id)) return false;
  consumed.add(id);
  if (consumed.size > MAX_REMEMBERED) consumed.delete(consumed.values().next().value as string);
  return true;
}

/** Whether `id` was resumed already in this process. @internal */
export function isStateConsumed(id: string): boolean {
  return consumed.has(id);
}

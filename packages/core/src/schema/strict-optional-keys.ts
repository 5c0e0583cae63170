/**
 * Side table of the strict rewrite: for each object node of a rewritten schema, the properties
 * that were optional before the rewrite (and are now required but nullable). Kept outside the
 * schema so no unknown keyword is ever sent to a model provider.
 *
 * @internal
 */
const table = new WeakMap<object, readonly string[]>();

/** @internal Records the keys of `node` that the strict rewrite made nullable. */
export function recordOptionalKeys(node: object, keys: readonly string[]): void {
  // An exact-size copy: the caller's list was grown by push and would be held with spare capacity.
  if (keys.length > 0) table.set(node, keys.slice());
}

/** @internal The keys of `node` that the strict rewrite made nullable, if any. */
export function optionalKeysOf(node: object): readonly string[] | undefined {
  return table.get(node);
}

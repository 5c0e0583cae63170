/**
 * Side table of the strict rewrite: for each object node of a rewritten schema, the properties
 * that were optional before the rewrite (and are now required but nullable), and the defaults
 * declared for some of them. Kept outside the schema so no unknown keyword is ever sent to a
 * model provider.
 *
 * @internal
 */
const table = new WeakMap<object, readonly string[]>();
const defaultsTable = new WeakMap<object, Readonly<Record<string, unknown>>>();

/**
 * @internal Records the keys of `node` that the strict rewrite made nullable, and the default
 * value each of them takes when the model sends `null` (keys without one become `undefined`).
 */
export function recordOptionalKeys(node: object, keys: readonly string[], defaults?: Readonly<Record<string, unknown>>): void {
  // An exact-size copy: the caller's list was grown by push and would be held with spare capacity.
  if (keys.length > 0) table.set(node, keys.slice());
  if (defaults !== undefined && Object.keys(defaults).length > 0) defaultsTable.set(node, defaults);
}

/** @internal The keys of `node` that the strict rewrite made nullable, if any. */
export function optionalKeysOf(node: object): readonly string[] | undefined {
  return table.get(node);
}

/** @internal The defaults of the nullable keys of `node` (by key), if any was declared. */
export function optionalDefaultsOf(node: object): Readonly<Record<string, unknown>> | undefined {
  return defaultsTable.get(node);
}

/**
 * Side table of the strict rewrite: for each object node, the properties that were optional but
 * already admitted `null` (`x?: T | null`). Strict mode makes them required as they are; their
 * `null` is the author's and reaches the method as `null`. Only the natural form of the schema
 * reads it (`naturalSchemaOf`, `naturalArgumentsText`: such a property may be left out there).
 */
const nullableOptionalTable = new WeakMap<object, readonly string[]>();

/** @internal Records the keys of `node` that were optional and already nullable before the rewrite. */
export function recordNullableOptionalKeys(node: object, keys: readonly string[]): void {
  if (keys.length > 0) nullableOptionalTable.set(node, keys.slice());
}

/** @internal The keys of `node` that were optional and already nullable before the rewrite, if any. */
export function nullableOptionalKeysOf(node: object): readonly string[] | undefined {
  return nullableOptionalTable.get(node);
}

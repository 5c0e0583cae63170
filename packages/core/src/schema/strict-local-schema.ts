import { nullableOptionalKeysOf, optionalDefaultsOf, optionalKeysOf, recordNullableOptionalKeys, recordOptionalKeys } from './strict-optional-keys';

/**
 * Side tables of the strict rewrite for constraints the model is told in words but that are
 * checked locally: `minLength`, `uniqueItems`, a `pattern` with lookaround, a `format` outside
 * the model's list, a `oneOf`'s "exactly one". The schema sent to the model leaves them out; the
 * validator compiles a copy with them put back ({@link enforcedSchemaOf}).
 *
 * @internal
 */
const localKeywords = new WeakMap<object, Record<string, unknown>>();
const enforced = new WeakMap<object, object>();

/** @internal Records keywords that only the local validator sees, on a node of a rewritten schema. */
export function recordLocalKeywords(node: object, keywords: Record<string, unknown>): void {
  const known = localKeywords.get(node);
  localKeywords.set(node, known ? { ...known, ...keywords } : keywords);
}

/** @internal The keywords only the local validator sees on `node`, if any. */
export function localKeywordsOf(node: object): Readonly<Record<string, unknown>> | undefined {
  return localKeywords.get(node);
}

/** @internal Carries the local keywords (and recorded optional keys) of `from` over to its copy `to`. */
export function carryLocalKeywords(from: object, to: object): void {
  const keywords = localKeywords.get(from);
  if (keywords !== undefined) localKeywords.set(to, keywords);
}

/**
 * The schema the local validator compiles for a tool's `parameters`: the advertised schema
 * itself, or — when the strict rewrite moved constraints into descriptions — a copy with those
 * constraints put back. Cached per schema object.
 */
export function enforcedSchemaOf<T extends object>(parameters: T): T {
  return (enforced.get(parameters) as T | undefined) ?? parameters;
}

/**
 * @internal Builds and records the enforced copy of a rewritten schema that has local keywords.
 * Recorded optional keys and defaults follow the copied nodes, so the null plan and the error
 * messages built from the enforced schema see them.
 */
export function recordEnforcedSchema(advertised: object): void {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const list: unknown[] = [];
      copies.set(value, list);
      for (const item of value) list.push(copy(item));
      return list;
    }
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
    const local = localKeywords.get(value);
    if (local !== undefined) for (const key of Object.keys(local)) out[key] = copy(local[key]);
    const optional = optionalKeysOf(value);
    if (optional !== undefined) recordOptionalKeys(out, optional, optionalDefaultsOf(value));
    const nullableOptional = nullableOptionalKeysOf(value);
    if (nullableOptional !== undefined) recordNullableOptionalKeys(out, nullableOptional);
    return out;
  };
  enforced.set(advertised, copy(advertised) as object);
}

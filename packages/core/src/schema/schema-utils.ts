import type { JsonSchema } from '../contracts/json-schema';
import { unescapePointerSegment } from './json-pointer';

/** Whether `value` is a non-null, non-array object. */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a schema accepts anything: `true`, `{}`, or an object with only annotations. */
export function isUnconstrained(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isSchemaObject(schema)) return false;
  for (const key of Object.keys(schema)) {
    if (!ANNOTATION_KEYWORDS.has(key)) return false;
  }
  return true;
}

/** Keywords that describe a value without constraining it. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$id', '$schema',
]);

/**
 * Whether a schema (without `$ref`s at its top, or with `resolve` following them) accepts `null`:
 * every one of `type`, `enum`, `const` that is present must allow it, and an `anyOf` needs a
 * branch that does. `{ type: 'string', enum: ['a', null] }` does not.
 */
export function admitsNull(schema: JsonSchema, resolve?: (ref: string) => JsonSchema | undefined, depth = 0): boolean {
  if (typeof schema.$ref === 'string') {
    const target = depth < 64 ? resolve?.(schema.$ref) : undefined;
    if (target === undefined || !admitsNull(target, resolve, depth + 1)) return false;
  }
  const type = schema.type;
  if (type !== undefined && type !== 'null' && !(Array.isArray(type) && type.includes('null'))) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  if ('const' in schema && schema.const !== undefined && schema.const !== null) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((v) => isSchemaObject(v) && admitsNull(v, resolve, depth + 1))) return false;
  return true;
}

/** Follows a local `$ref` (`#/...`) inside `root`; `undefined` when it does not resolve. */
export function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  // RFC 6901 §6: percent-decoded as a whole first, then split ("%2F" separates like "/").
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref.slice(2));
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const raw of decoded.split('/')) {
    const segment = unescapePointerSegment(raw);
    if (!isSchemaObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
    if (node === undefined) return undefined;
  }
  return node;
}

/** `node` itself, or a copy without the keys whose value is `undefined` (absent in JSON). */
export function withoutUndefined(node: JsonSchema): JsonSchema {
  for (const key in node) {
    if (node[key] === undefined) {
      const out: JsonSchema = {};
      for (const k of Object.keys(node)) if (node[k] !== undefined) out[k] = node[k];
      return out;
    }
  }
  return node;
}

/**
 * Whether two JSON values are equal (objects compared key by key, in any order). Values nested
 * deeper than 256 levels compare unequal (no schema needs them; the bound keeps the stack safe).
 */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > MAX_VALUE_DEPTH) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameJson(v, other[i], depth + 1));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameJson(ra[k], rb[k], depth + 1));
}

const MAX_VALUE_DEPTH = 256;

/**
 * A deep copy of JSON data (an `enum` member, a `const`, a `default`), or `undefined` when it is
 * nested deeper than 256 levels (or cyclic).
 */
export function cloneJsonBounded<T>(value: T, depth = 0): T | undefined {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_VALUE_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const copy = cloneJsonBounded(item, depth + 1);
      if (copy === undefined && item !== undefined) return undefined;
      out.push(copy);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const copy = cloneJsonBounded(item, depth + 1);
    if (copy === undefined && item !== undefined) return undefined;
    out[key] = copy;
  }
  return out as T;
}

/** A deep copy of plain JSON data (objects, arrays, primitives). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v)) as unknown as T;
  if (isSchemaObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = cloneJson(value[key]);
    return out as T;
  }
  return value;
}

/**
 * Checks, without recursion, that a value is plain JSON data of bounded nesting and size: what
 * the rewrite may copy (enum values, consts, defaults) then cannot exhaust the stack.
 */
export function boundedJsonProblem(value: unknown, maxDepth: number, maxValues: number): string | undefined {
  const pending: Array<[unknown, number]> = [[value, 0]];
  let seen = 0;
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) return `is nested deeper than ${maxDepth} JSON levels`;
    if (++seen > maxValues) return `holds more than ${maxValues} JSON values`;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

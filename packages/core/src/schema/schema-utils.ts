import type { JsonSchema } from '../tool/json-schema';
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
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$id', '$schema',
]);

/** Whether a (rewritten) schema already admits `null`. */
export function admitsNull(schema: JsonSchema): boolean {
  const type = schema.type;
  if (type === 'null') return true;
  if (Array.isArray(type) && type.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if ('const' in schema && schema.const === null) return true;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((v) => isSchemaObject(v) && admitsNull(v));
  return false;
}

/** Follows a local `$ref` (`#/...`) inside `root`; `undefined` when it does not resolve. */
export function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = unescapePointerSegment(decodeURIComponent(raw));
    if (!isSchemaObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
    if (node === undefined) return undefined;
  }
  return node;
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

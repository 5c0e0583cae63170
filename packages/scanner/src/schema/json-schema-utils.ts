import type { JsonSchema } from '@toolwright/core';

/** A mutable JSON schema node as produced by typescript-json-schema. */
export type SchemaNode = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  $ref?: string;
  enum?: unknown[];
  additionalProperties?: boolean | SchemaNode;
};

/** Definitions keyed by name, as in `#/definitions/<name>`. */
export type Definitions = Record<string, SchemaNode>;

/** The definition name a local `$ref` points to, or `undefined`. */
export function refName(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const match = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** A deep copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Whether a node only admits `null`. */
export function isNullSchema(node: SchemaNode): boolean {
  return node.type === 'null';
}

/** The branches of a node that carry its non-null meaning (the node itself unless it is an `anyOf`). */
export function valueBranches(node: SchemaNode): SchemaNode[] {
  if (Array.isArray(node.anyOf)) return node.anyOf.filter((branch) => !isNullSchema(branch));
  return [node];
}

/**
 * Replaces the non-null part of a node's `type` (keeps `null` in a `['null', 'string']` type).
 * `integer` is kept when `number` is asked for, since every integer is a number.
 */
export function setType(node: SchemaNode, type: string): void {
  const current = node.type;
  const keep = (t: string): string => (type === 'number' && t === 'integer' ? 'integer' : type);
  if (Array.isArray(current)) {
    const nonNull = current.filter((t) => t !== 'null');
    const replaced = [...new Set(nonNull.length > 0 ? nonNull.map(keep) : [type])];
    node.type = current.includes('null') ? [...replaced, 'null'].sort() : replaced.length === 1 ? replaced[0] : replaced;
  } else {
    node.type = current === undefined ? type : keep(current);
  }
}

/**
 * Returns `value` with object keys sorted recursively (stable JSON output), except the names
 * under `properties`, which keep declaration order: the model reads parameters in that order.
 */
export function sortKeys<T>(value: T, keepOrder = false): T {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item)) as unknown as T;
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    const keys = Object.keys(value as object);
    for (const key of keepOrder ? keys : keys.sort()) {
      sorted[key] = sortKeys((value as Record<string, unknown>)[key], !keepOrder && key === 'properties');
    }
    return sorted as T;
  }
  return value;
}

/**
 * Turns the `asType` keyword left by a JSDoc `@asType integer` tag into the node's type,
 * everywhere in a schema (definitions included).
 */
export function applyAsType(value: unknown): void {
  if (Array.isArray(value)) value.forEach(applyAsType);
  else if (value !== null && typeof value === 'object') {
    const node = value as SchemaNode;
    if (typeof node.asType === 'string') {
      setType(node, node.asType);
      delete node.asType;
    }
    Object.values(node).forEach(applyAsType);
  }
}

/**
 * Narrows `number` to `integer` on nodes whose `enum` (or `const`) admits only integers among its
 * numbers — numeric TypeScript enums (`enum E { A = 1, B = 2 }`) and literal unions (`0 | 1 | 2`),
 * which typescript-json-schema types as `number` — everywhere in a schema (definitions included).
 * `null` and non-number members are left alone, so `1 | 2 | null` becomes `['integer', 'null']`.
 */
export function applyIntegerEnums(value: unknown): void {
  if (Array.isArray(value)) value.forEach(applyIntegerEnums);
  else if (value !== null && typeof value === 'object') {
    const node = value as SchemaNode;
    const values = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : [];
    const numbers = values.filter((member) => typeof member === 'number');
    if (numbers.length > 0 && numbers.every((member) => Number.isInteger(member))) narrowToInteger(node);
    Object.values(node).forEach(applyIntegerEnums);
  }
}

function narrowToInteger(node: SchemaNode): void {
  if (node.type === 'number') node.type = 'integer';
  else if (Array.isArray(node.type) && node.type.includes('number')) {
    node.type = [...new Set(node.type.map((type) => (type === 'number' ? 'integer' : type)))].sort();
  }
}

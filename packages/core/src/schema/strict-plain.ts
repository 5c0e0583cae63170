import type { JsonSchema } from '../contracts/json-schema';
import { admitsNull } from './schema-utils';
import { DEFAULT_STRICT_LIMITS } from './strict-limits';
import { makeNullable } from './strict-nullable';
import { recordNullableOptionalKeys, recordOptionalKeys } from './strict-optional-keys';

/** One of the seven JSON Schema type names (comparisons: cheaper than a set lookup in cold code). */
function isPlainType(type: unknown): boolean {
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' || type === 'object' || type === 'array' || type === 'null';
}

/** Returned by a node the plain path does not handle: the full rewrite decides (and explains). */
const NOT_PLAIN = Symbol('not plain');

interface Budget {
  nodes: number;
  properties: number;
  enumValues: number;
}

/**
 * The strict rewrite of a plain schema, in one pass and without the general machinery: every
 * node has a single `type`, and only `title`, `description`, numeric bounds, `multipleOf`,
 * `minItems`/`maxItems`, an `enum` of primitives, `items`, and closed objects (`properties`,
 * `required`, `additionalProperties: false`). Most tool schemas are of this kind, and such a
 * schema is also plainly valid against the JSON Schema meta-schema.
 *
 * The output is exactly what `toStrictSchema` returns for it (key order, nullable optionals,
 * recorded optional keys), under the default limits. Anything else — `$ref`, unions, `pattern`,
 * `format`, `default`, string lengths, a value of the wrong kind, a limit reached — returns
 * `undefined`, and the caller takes the full path, which also produces the errors.
 *
 * @internal
 */
export function plainStrictSchema(schema: unknown): JsonSchema | undefined {
  if (!isPlainObject(schema) || schema.type !== 'object') return undefined;
  const out = plainNode(schema, 0, 0, { nodes: 0, properties: 0, enumValues: 0 });
  return out === NOT_PLAIN ? undefined : out;
}

function plainNode(node: unknown, depth: number, objectDepth: number, budget: Budget): JsonSchema | typeof NOT_PLAIN {
  if (!isPlainObject(node) || ++budget.nodes > DEFAULT_STRICT_LIMITS.maxNodes || depth > DEFAULT_STRICT_LIMITS.maxSchemaDepth) return NOT_PLAIN;
  const type = node.type;
  if (!isPlainType(type)) return NOT_PLAIN;
  const out: JsonSchema = {};
  let objectKeywords = false;
  // One switch over the keys, in the input's order (the full rewrite keeps that order).
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        out.type = value;
        break;
      // Named stores rather than out[key]: cold code keeps them cheap.
      case 'description':
        if (typeof value !== 'string') return NOT_PLAIN;
        out.description = value;
        break;
      case 'title':
        if (typeof value !== 'string') return NOT_PLAIN;
        out.title = value;
        break;
      case 'minimum':
        if (!isFiniteNumber(value)) return NOT_PLAIN;
        out.minimum = value;
        break;
      case 'maximum':
        if (!isFiniteNumber(value)) return NOT_PLAIN;
        out.maximum = value;
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (!isFiniteNumber(value)) return NOT_PLAIN;
        out[key] = value;
        break;
      case 'multipleOf':
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return NOT_PLAIN;
        out[key] = value;
        break;
      case 'minItems':
      case 'maxItems':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return NOT_PLAIN;
        out[key] = value;
        break;
      case 'enum':
        if (!isPrimitiveList(value) || value.length === 0) return NOT_PLAIN;
        budget.enumValues += value.length;
        if (budget.enumValues > DEFAULT_STRICT_LIMITS.maxEnumValues || !distinct(value)) return NOT_PLAIN;
        out.enum = value.slice();
        break;
      case 'items': {
        const items = plainNode(value, depth + 1, objectDepth, budget);
        if (items === NOT_PLAIN) return NOT_PLAIN;
        out.items = items;
        break;
      }
      case 'properties':
      case 'required':
      case 'additionalProperties':
        objectKeywords = true;
        break;
      default:
        return NOT_PLAIN;
    }
  }
  if (type === 'array' && !('items' in node)) return NOT_PLAIN;
  if (type === 'object') return plainObject(node, out, depth, objectDepth, budget);
  return objectKeywords ? NOT_PLAIN : out;
}

/** The closed object: every property required, the optional ones nullable and recorded. */
function plainObject(node: JsonSchema, out: JsonSchema, depth: number, objectDepth: number, budget: Budget): JsonSchema | typeof NOT_PLAIN {
  if (objectDepth > DEFAULT_STRICT_LIMITS.maxObjectDepth) return NOT_PLAIN;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return NOT_PLAIN;
  if ('additionalProperties' in node && node.additionalProperties === undefined) return NOT_PLAIN;
  // A `properties` that is there must be an object (`null` is not); the full rewrite says why.
  const properties = 'properties' in node ? node.properties : {};
  if (!isPlainObject(properties)) return NOT_PLAIN;
  const required = requiredList(node, properties);
  if (required === undefined) return NOT_PLAIN;
  const outProperties: JsonSchema = {};
  const optional: string[] = [];
  let nullableOptional: string[] | undefined;
  const names = Object.keys(properties);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === '__proto__' || ++budget.properties > DEFAULT_STRICT_LIMITS.maxProperties) return NOT_PLAIN;
    const child = plainNode(properties[name], depth + 1, objectDepth + 1, budget);
    if (child === NOT_PLAIN) return NOT_PLAIN;
    // A node of this pass has one type: only a "null" one can admit null.
    if (required.includes(name) || (child.type === 'null' && admitsNull(child))) {
      if (!required.includes(name)) (nullableOptional ??= []).push(name);
      outProperties[name] = child;
    } else {
      optional.push(name);
      outProperties[name] = nullable(child);
    }
  }
  out.properties = outProperties;
  out.required = Object.keys(outProperties);
  out.additionalProperties = false;
  recordOptionalKeys(out, optional);
  if (nullableOptional !== undefined) recordNullableOptionalKeys(out, nullableOptional);
  return out;
}

const NONE_REQUIRED: readonly string[] = [];

/**
 * The declared `required` names (the list itself): distinct strings naming declared properties,
 * or `undefined`. Lists are short: searching them costs less than building a set per object.
 */
function requiredList(node: JsonSchema, properties: JsonSchema): readonly string[] | undefined {
  if (!('required' in node)) return NONE_REQUIRED;
  const list: unknown = node.required;
  if (!Array.isArray(list)) return undefined;
  for (let i = 0; i < list.length; i++) {
    const name: unknown = list[i];
    if (typeof name !== 'string' || list.indexOf(name) !== i || !Object.prototype.hasOwnProperty.call(properties, name)) return undefined;
  }
  return list as string[];
}

const PRIMITIVE_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `makeNullable` of a node this pass has just built. A primitive (the common optional field) is
 * made nullable in place, as `makeNullable` would in a copy: same keys in the same order, and no
 * side-table entries to carry (this pass records none for primitives). Anything else goes
 * through `makeNullable`.
 */
function nullable(child: JsonSchema): JsonSchema {
  const type = child.type;
  if (type === 'array') return nullableArray(child);
  if (!PRIMITIVE_TYPES.has(type)) return makeNullable(child);
  child.type = [type, 'null'];
  const members = child.enum as unknown[] | undefined;
  if (members !== undefined && !members.includes(null)) members.push(null);
  return child;
}

/**
 * `makeNullable` of an array node this pass has just built (which has no side-table entries):
 * its title and description on a wrapper, the rest in the first branch of its `anyOf`.
 */
function nullableArray(child: JsonSchema): JsonSchema {
  const wrapper: JsonSchema = {};
  const inner: JsonSchema = {};
  for (const key in child) {
    if (key === 'title' || key === 'description') wrapper[key] = child[key];
    else inner[key] = child[key];
  }
  wrapper.anyOf = [inner, { type: 'null' }];
  return wrapper;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && value - value === 0;
}

function isPlainObject(value: unknown): value is JsonSchema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isPrimitiveList(value: unknown): value is Array<string | number | boolean | null> {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (item !== null && typeof item !== 'string' && typeof item !== 'boolean' && !(typeof item === 'number' && Number.isFinite(item))) return false;
  }
  return true;
}

/** Whether the members are distinct, as the meta-schema requires of an `enum`. */
function distinct(values: ReadonlyArray<string | number | boolean | null>): boolean {
  if (values.length > 16) return new Set(values).size === values.length;
  for (let i = 1; i < values.length; i++) if (values.lastIndexOf(values[i - 1] as string | number | boolean | null) !== i - 1) return false;
  return true;
}

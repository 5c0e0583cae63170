import { UserError } from '../errors/user.error';
import { textOf, type LazyText } from '../util/lazy-text';
import type { JsonSchema } from '../contracts/json-schema';
import { pointer, pointerSegments } from './json-pointer';
import { localKeywordsOf, recordEnforcedSchema, recordLocalKeywords } from './strict-local-schema';
import { nullableOptionalKeysOf, optionalDefaultsOf, optionalKeysOf, recordNullableOptionalKeys, recordOptionalKeys } from './strict-optional-keys';
import { toStrictSchema } from './strict-schema';

/**
 * What the strict rewrite knows about a strict schema besides the schema itself, as JSON, keyed
 * by the JSON pointer of each object node in it: the properties that were optional (their `null`
 * reaches the method as `undefined`), their declared defaults, and the keywords strict mode lacks
 * that core checks itself. With the schema, it is everything the runner needs, so the rewrite
 * can run at build time (the `@toolwright/scanner` transformer embeds both).
 */
export interface StrictSideTables {
  optional?: Record<string, string[]>;
  defaults?: Record<string, Record<string, unknown>>;
  local?: Record<string, Record<string, unknown>>;
  /** Properties that were optional and already nullable (kept required and nullable by strict mode). */
  nullableOptional?: Record<string, string[]>;
}

/** A strict schema and its side tables, both plain JSON. */
export interface PortableStrictSchema {
  parameters: JsonSchema;
  strict: StrictSideTables;
}

/**
 * Runs the strict rewrite ({@link toStrictSchema}) and returns its result with the side tables
 * as JSON; {@link restoreStrictSideTables} gives a parsed copy of it the same meaning again.
 *
 * @throws ToolDefinitionError as `toStrictSchema` does.
 */
export function portableStrictSchema(schema: JsonSchema, toolName?: string): PortableStrictSchema {
  const parameters = toStrictSchema(schema, { toolName });
  const tables: StrictSideTables = {};
  // By path, not by node: JSON has no shared nodes, so a node reached twice is two nodes after parsing.
  const visit = (node: unknown, at: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, pointer(at, index)));
      return;
    }
    const optional = optionalKeysOf(node);
    if (optional !== undefined) (tables.optional ??= {})[at] = [...optional];
    const defaults = optionalDefaultsOf(node);
    if (defaults !== undefined) (tables.defaults ??= {})[at] = { ...defaults };
    const nullableOptional = nullableOptionalKeysOf(node);
    if (nullableOptional !== undefined) (tables.nullableOptional ??= {})[at] = [...nullableOptional];
    const local = localKeywordsOf(node);
    if (local !== undefined) (tables.local ??= {})[at] = { ...local };
    for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key], pointer(at, key));
  };
  visit(parameters, '');
  return { parameters, strict: tables };
}

/**
 * Records the side tables of a strict schema parsed from JSON on its nodes, as the strict
 * rewrite would have (the schema itself is used as it is).
 *
 * @throws UserError naming `where` when a pointer names no object of the schema or a table is malformed.
 */
export function restoreStrictSideTables(parameters: JsonSchema, tables: StrictSideTables, where: LazyText): void {
  // The common table: only the arguments object had optional properties.
  if (tables.local === undefined && tables.defaults === undefined && tables.nullableOptional === undefined && isRootOnly(tables.optional)) {
    recordOptionalKeys(parameters, tables.optional['']);
    return;
  }
  const fail = (what: string): never => {
    throw new UserError(`The embedded strict schema of ${textOf(where)} ${what}. Fix: rebuild with the @toolwright/scanner transformer.`);
  };
  const nodeAt = (at: string): object => {
    if (at !== '' && !at.startsWith('/')) fail(`names "${at}", which is not a JSON pointer`);
    let node: unknown = parameters;
    for (const segment of pointerSegments(at)) {
      node = typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
    }
    if (typeof node !== 'object' || node === null || Array.isArray(node)) fail(`names "${at}", which is no object of its schema`);
    return node as object;
  };
  const entries = <T>(table: Record<string, T> | undefined, check: (value: unknown) => boolean, what: string): Array<[object, T]> => {
    if (table === undefined) return [];
    if (typeof table !== 'object' || table === null || Array.isArray(table)) fail(`has "${what}" that is not an object`);
    return Object.keys(table).map((at) => {
      if (!check(table[at])) fail(`has a "${what}" entry at "${at}" of the wrong shape`);
      return [nodeAt(at), table[at]];
    });
  };
  const isRecord = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
  const isNames = (value: unknown): boolean => Array.isArray(value) && value.every((name) => typeof name === 'string');
  const defaults = new Map(entries(tables.defaults, isRecord, 'defaults'));
  for (const [node, keys] of entries(tables.optional, isNames, 'optional')) {
    recordOptionalKeys(node, keys, defaults.get(node));
    defaults.delete(node);
  }
  for (const [node, values] of defaults) recordOptionalKeys(node, [], values);
  for (const [node, keys] of entries(tables.nullableOptional, isNames, 'nullableOptional')) recordNullableOptionalKeys(node, keys);
  const local = entries(tables.local, isRecord, 'local');
  for (const [node, keywords] of local) recordLocalKeywords(node, keywords);
  if (local.length > 0) recordEnforcedSchema(parameters);
}

/** Whether the table holds one entry, for the root, of names only. */
function isRootOnly(table: Record<string, string[]> | undefined): table is { '': string[] } {
  if (typeof table !== 'object' || table === null) return false;
  let count = 0;
  for (const key in table) {
    if (key !== '' || ++count > 1) return false;
  }
  const names: unknown = table[''];
  if (!Array.isArray(names)) return false;
  for (let i = 0; i < names.length; i++) if (typeof names[i] !== 'string') return false;
  return count === 1;
}

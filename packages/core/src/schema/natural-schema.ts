import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';
import { cloneJson, isSchemaObject } from './schema-utils';
import { enforcedSchemaOf } from './strict-local-schema';
import { nullableOptionalKeysOf, optionalKeysOf } from './strict-optional-keys';

/** How deep the derivation follows a schema; deeper nodes are kept as they are. */
const MAX_DEPTH = 64;

/** The schema an author declared, by the strict schema made of it (defineTool, a loose @Tool schema). */
const declaredTable = new WeakMap<object, JsonSchema>();
/** The natural schema of a strict schema, once made. */
const naturalTable = new WeakMap<object, JsonSchema>();

/**
 * @internal Records the schema an author declared for the strict schema `parameters` made of it.
 * Held by reference and copied on first use by {@link naturalSchemaOf}.
 */
export function recordDeclaredSchema(parameters: object, declared: JsonSchema): void {
  declaredTable.set(parameters, declared);
}

/**
 * A tool's arguments schema as its author wrote it, for clients that take plain JSON Schema (MCP)
 * rather than OpenAI's strict subset: optional properties are optional, not required-and-nullable.
 *
 * - A `defineTool` schema: the one passed, as written (`$schema`, `$defs` and all; an empty
 *   schema or one without `type` completed into an object schema).
 * - A decorated tool whose loose schema is known (a manifest, a loose embedded schema): that
 *   schema with the `@Param` options applied.
 * - A decorated tool made strict at build time (the scanner transformer): derived from the
 *   strict schema and the rewrite's side tables — each property the rewrite made
 *   required-and-nullable is optional again and loses the `null` the rewrite added (one declared
 *   `x?: T | null` is optional and keeps its `null`); constraints the rewrite moved into words
 *   are put back. A default stays described in words.
 * - A tool with `strict: false`: its `parameters`.
 *
 * Arguments valid against it, made strict with {@link naturalArgumentsText}, pass the tool's
 * own validation. The result is shared: do not change it.
 */
export function naturalSchemaOf(tool: Pick<Tool, 'parameters' | 'strict'>): JsonSchema {
  const parameters = tool.parameters;
  const known = naturalTable.get(parameters);
  if (known !== undefined) return known;
  const declared = declaredTable.get(parameters);
  const natural = declared !== undefined ? objectSchema(cloneJson(declared)) : tool.strict ? relaxed(enforcedSchemaOf(parameters)) : parameters;
  naturalTable.set(parameters, natural);
  return natural;
}

/** An arguments schema as MCP needs it: an object schema (`type: 'object'` filled in when absent). */
function objectSchema(schema: JsonSchema): JsonSchema {
  if (!isSchemaObject(schema) || Object.keys(schema).length === 0) return { type: 'object', properties: {} };
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}

/** A copy of a strict schema with what the rewrite did to optional properties undone. */
function relaxed(strict: JsonSchema): JsonSchema {
  const memo = new Map<object, unknown>();
  const relax = (node: unknown, depth: number): unknown => {
    if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return node;
    const known = memo.get(node);
    if (known !== undefined) return known;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      memo.set(node, list);
      for (const item of node) list.push(relax(item, depth + 1));
      return list;
    }
    const out: Record<string, unknown> = {};
    memo.set(node, out);
    for (const key of Object.keys(node)) out[key] = relax((node as Record<string, unknown>)[key], depth + 1);
    const optional = optionalKeysOf(node) ?? [];
    const nullableOptional = nullableOptionalKeysOf(node) ?? [];
    if ((optional.length === 0 && nullableOptional.length === 0) || !isSchemaObject(out.properties)) return out;
    const properties: Record<string, unknown> = { ...(out.properties as Record<string, unknown>) };
    for (const key of optional) if (key in properties) properties[key] = withoutAddedNull(properties[key]);
    out.properties = properties;
    const notRequired = (key: unknown): boolean => typeof key === 'string' && (optional.includes(key) || nullableOptional.includes(key));
    if (Array.isArray(out.required)) out.required = (out.required as unknown[]).filter((key) => !notRequired(key));
    return out;
  };
  return relax(strict, 0) as JsonSchema;
}

/**
 * A property schema without the `null` the strict rewrite added to it (see `makeNullable`):
 * `null` last in `type` (and in `enum`), or a `{ type: 'null' }` branch last in `anyOf` — a
 * wrapper left with one branch becomes that branch, with the wrapper's title and description.
 */
function withoutAddedNull(schema: unknown): unknown {
  if (!isSchemaObject(schema)) return schema;
  const type = schema.type;
  if (Array.isArray(type) && type[type.length - 1] === 'null') {
    const out: JsonSchema = { ...schema, type: type.length === 2 ? type[0] : type.slice(0, -1) };
    if (Array.isArray(schema.enum)) out.enum = schema.enum.filter((value) => value !== null);
    return out;
  }
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || !isNullBranch(anyOf[anyOf.length - 1])) return schema;
  const rest = anyOf.slice(0, -1);
  const { anyOf: _dropped, ...annotations } = schema;
  if (rest.length === 1 && isSchemaObject(rest[0]) && Object.keys(annotations).every((key) => key === 'title' || key === 'description')) {
    return { ...rest[0], ...annotations };
  }
  return { ...schema, anyOf: rest };
}

function isNullBranch(node: unknown): boolean {
  return isSchemaObject(node) && node.type === 'null' && Object.keys(node).length === 1;
}

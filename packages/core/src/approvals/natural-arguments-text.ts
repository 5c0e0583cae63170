import { isSchemaObject, resolveLocalRef } from '../schema/schema-utils';
import { nullableOptionalKeysOf, optionalKeysOf } from '../schema/strict-optional-keys';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';
import { editedArgumentsJson } from './strict-arguments-text';

/** How deep the arguments are followed; deeper objects are passed on as they are. */
const MAX_DEPTH = 64;

/**
 * The JSON text a strict tool validates, for arguments in its natural form (see
 * `naturalSchemaOf`: an optional property may be left out): `null` filled in for exactly the
 * properties the strict rewrite made required-and-nullable because they were optional, wherever
 * they are in the arguments (the tool receives them as absent, as when `null` is sent). An
 * optional property the author declared nullable (`x?: T | null`) left out is filled in with
 * `null` too, and reaches the tool as `null`. Nothing else is changed — a property the author
 * declared required (nullable or not) and left out stays missing, and is refused by validation.
 * A non-strict tool's arguments are written as they are.
 *
 * @throws ToolArgumentsError when `args` cannot be written as JSON or is not an object.
 */
export function naturalArgumentsText(tool: Pick<Tool, 'name' | 'parameters' | 'strict'>, args: unknown, callId = ''): string {
  const json = editedArgumentsJson(tool.name, args, callId);
  if (!tool.strict) return JSON.stringify(json);
  return JSON.stringify(withNullsForOptionals(tool.parameters, tool.parameters, json, 0));
}

function withNullsForOptionals(root: JsonSchema, schema: unknown, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || !isSchemaObject(schema) || typeof value !== 'object' || value === null) return value;
  const node = resolved(root, schema);
  if (Array.isArray(value)) {
    const list = [node, ...(Array.isArray(node.anyOf) ? node.anyOf.map((branch) => resolved(root, branch)) : [])].find((branch) => isSchemaObject(branch.items));
    return list ? value.map((item) => withNullsForOptionals(root, list.items, item, depth + 1)) : value;
  }
  const object = objectBranch(root, node, value as Record<string, unknown>);
  if (!object) return value;
  const properties = object.properties as Record<string, unknown>;
  const optional = optionalKeysOf(object);
  const nullableOptional = nullableOptionalKeysOf(object);
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(properties)) {
    if (!Object.prototype.hasOwnProperty.call(out, key)) {
      if (optional?.includes(key) || nullableOptional?.includes(key)) out[key] = null;
    } else {
      out[key] = withNullsForOptionals(root, properties[key], out[key], depth + 1);
    }
  }
  return out;
}

/**
 * The object schema `value` is for: the node itself, else the object branch of its `anyOf` (a
 * nullable wrapper, a union) whose properties name every key the value has.
 */
function objectBranch(root: JsonSchema, node: JsonSchema, value: Record<string, unknown>): JsonSchema | undefined {
  if (isSchemaObject(node.properties)) return node;
  if (!Array.isArray(node.anyOf)) return undefined;
  for (const entry of node.anyOf) {
    const branch = resolved(root, entry);
    if (!isSchemaObject(branch.properties)) continue;
    const properties = branch.properties;
    if (Object.keys(value).every((key) => Object.prototype.hasOwnProperty.call(properties, key))) return branch;
  }
  return undefined;
}

function resolved(root: JsonSchema, node: unknown): JsonSchema {
  let current = node;
  for (let i = 0; i < 16 && isSchemaObject(current) && typeof current.$ref === 'string'; i++) current = resolveLocalRef(root, current.$ref);
  return isSchemaObject(current) ? current : {};
}

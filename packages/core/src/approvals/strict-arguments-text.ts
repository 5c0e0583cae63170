import { errorMessage } from '../errors/error-message';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import { admitsNull, isSchemaObject, resolveLocalRef } from '../schema/schema-utils';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';

/**
 * Turns arguments edited by a person (the typed form a tool method receives, where optional
 * fields may simply be left out) into plain JSON. Fails with `ToolArgumentsError` when the value
 * is not a JSON object. @internal
 */
export function editedArgumentsJson(toolName: string, value: unknown, callId: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(value ?? {}));
  } catch (error) {
    throw new ToolArgumentsError(toolName, [{ path: '', message: `cannot be turned into JSON (${errorMessage(error)})` }], callId);
  }
  if (!isSchemaObject(json)) {
    throw new ToolArgumentsError(toolName, [{ path: '', message: 'must be an object of arguments' }], callId);
  }
  return json;
}

/**
 * The JSON text a model would send for `args` given in the typed form a tool method receives
 * (optional fields left out): `null` filled in for every omitted property whose schema admits it
 * (strict mode's optional fields), everything else as is. The text is then validated like a
 * model's arguments.
 *
 * @throws ToolArgumentsError when `args` cannot be written as JSON or is not an object.
 */
export function strictArgumentsText(tool: Pick<Tool, 'name' | 'parameters'>, args: unknown, callId = ''): string {
  return JSON.stringify(withNullsForOmitted(tool.parameters, tool.parameters, editedArgumentsJson(tool.name, args, callId), 0));
}

/** Fills in `null` for omitted properties whose schema admits `null` (strict mode's optionals). */
function withNullsForOmitted(root: JsonSchema, schema: unknown, value: unknown, depth: number): unknown {
  if (depth > 64 || !isSchemaObject(schema)) return value;
  if (typeof schema.$ref === 'string') return withNullsForOmitted(root, resolveLocalRef(root, schema.$ref), value, depth + 1);
  if (Array.isArray(value)) {
    return isSchemaObject(schema.items) ? value.map((v) => withNullsForOmitted(root, schema.items, v, depth + 1)) : value;
  }
  if (!isSchemaObject(value)) return value;
  const object = objectBranch(root, schema);
  if (!object) return value;
  const properties = isSchemaObject(object.properties) ? (object.properties as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...value };
  for (const key of Object.keys(properties)) {
    const property = properties[key];
    if (out[key] === undefined) {
      const required = Array.isArray(object.required) && object.required.includes(key);
      if (required && isSchemaObject(property) && admitsNull(resolved(root, property))) out[key] = null;
    } else {
      out[key] = withNullsForOmitted(root, property, out[key], depth + 1);
    }
  }
  return out;
}

/** The object-typed schema of a node (itself, or the non-null branch of a nullable `anyOf`). */
function objectBranch(root: JsonSchema, schema: JsonSchema): JsonSchema | undefined {
  if (isSchemaObject(schema.properties)) return schema;
  if (Array.isArray(schema.anyOf)) {
    for (const branch of schema.anyOf) {
      const node = resolved(root, branch);
      if (isSchemaObject(node) && isSchemaObject(node.properties)) return node;
    }
  }
  return undefined;
}

function resolved(root: JsonSchema, node: unknown): JsonSchema {
  let current = node;
  for (let i = 0; i < 16 && isSchemaObject(current) && typeof current.$ref === 'string'; i++) current = resolveLocalRef(root, current.$ref);
  return isSchemaObject(current) ? current : {};
}

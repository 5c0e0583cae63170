import { parseToolArguments } from '../arguments/parse-tool-arguments';
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
 * Validates edited arguments against the tool's schema, exactly as a model's arguments are, and
 * returns them in the typed form plus the JSON text the call's context shows. Properties that
 * the schema makes required but nullable (optional fields under strict mode) may be omitted.
 *
 * @throws ToolArgumentsError naming every field that does not match.
 */
export function validateEditedArguments(tool: Pick<Tool, 'name' | 'parameters'>, json: unknown, callId: string): { args: unknown; text: string } {
  const wire = withNullsForOmitted(tool.parameters, tool.parameters, json, 0);
  const text = JSON.stringify(wire);
  return { args: parseToolArguments(tool, text, callId), text };
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

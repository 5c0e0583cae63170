import type { JSONSchema7, LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import type { JsonSchema, ModelToolDefinition } from '@toolwright/core';

/** How deep `naturalSchema` follows a schema; deeper nodes are kept as they are. */
const MAX_DEPTH = 64;

/** The tools of one request in the specification's shape, and which of them were strictDefinitions. */
export interface OfferedTools {
  tools: LanguageModelV3FunctionTool[];
  /** Strict tools offered with their natural schema: their arguments get `null` for what the model left out. */
  strictDefinitions: Map<string, ModelToolDefinition>;
}

/**
 * The function tools of a request. Where the provider enforces strict schemas (`strictTools`),
 * a strict tool is offered with its strict schema and `strict: true`. Elsewhere it is offered
 * with its natural schema (see {@link naturalSchema}) and no `strict` flag, so the provider
 * neither warns nor constrains decoding; Toolwright still validates the arguments against the
 * strict schema, once the optional fields the model left out are filled in with `null`.
 * Non-strict tools are offered as they are.
 */
export function offeredTools(definitions: readonly ModelToolDefinition[], strictTools: boolean): OfferedTools {
  const strictDefinitions = new Map<string, ModelToolDefinition>();
  const tools = definitions.map((definition): LanguageModelV3FunctionTool => {
    const tool: LanguageModelV3FunctionTool = { type: 'function', name: definition.name, description: definition.description, inputSchema: definition.parameters as JSONSchema7 };
    if (!definition.strict) return tool;
    strictDefinitions.set(definition.name, definition);
    if (strictTools) return { ...tool, strict: true };
    return { ...tool, inputSchema: naturalSchema(definition.parameters) as JSONSchema7 };
  });
  return { tools, strictDefinitions };
}

/**
 * The natural form of a strict schema: what strict mode makes of an optional property —
 * required, and nullable — becomes optional again (still nullable), in every object of the
 * schema. Everything else is kept. A model may then leave an optional field out, as it would for
 * the author's own schema; `null` and omission mean the same to the tool (both arrive as
 * `undefined`).
 */
export function naturalSchema(schema: JsonSchema): JsonSchema {
  return relax(schema, 0) as JsonSchema;
}

function relax(node: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((entry) => relax(entry, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    out[key] = key === 'properties' || key === '$defs' || key === 'definitions' ? relaxEach(value, depth) : relax(value, depth + 1);
  }
  const properties = out.properties;
  if (Array.isArray(out.required) && typeof properties === 'object' && properties !== null) {
    const required = (out.required as unknown[]).filter((name) => typeof name !== 'string' || !admitsNull((properties as Record<string, unknown>)[name]));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return out;
}

/** A map of schemas (`properties`, `$defs`) with each schema relaxed. */
function relaxEach(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(value as Record<string, unknown>)) out[name] = relax(schema, depth + 1);
  return out;
}

/** Whether a property's schema says, at its top, that `null` is a value it takes (the strict rewrite's forms). */
function admitsNull(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((branch) => typeof branch === 'object' && branch !== null && (branch as Record<string, unknown>).type === 'null');
}

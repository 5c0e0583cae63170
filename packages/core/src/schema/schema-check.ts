import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { ajv, withoutDialect } from './ajv-instance';
import { fieldPathOf } from './field-path';
import { certainlyPassesMetaSchema } from './meta-schema-check';
import { lazyModule } from '../lazy/lazy-module';
import { boundedJsonProblem, isSchemaObject } from './schema-utils';
import { DEFAULT_STRICT_LIMITS } from './strict-limits';

/** The reference-graph check, loaded for the first schema with a `$ref` (most have none). */
const loadRefChains = lazyModule(() => require('./ref-chains') as typeof import('./ref-chains'));

/**
 * Checks that `schema` is a well-formed JSON schema (against the JSON Schema meta-schema) whose
 * root describes an object. Throws `ToolDefinitionError` with the JSON pointer of the first
 * problem, such as `/properties/units/type`.
 */
export function assertValidParametersSchema(schema: unknown, toolName?: string): asserts schema is JsonSchema {
  const subject = toolName ? `Tool "${toolName}": ` : '';
  if (!isSchemaObject(schema)) {
    throw new ToolDefinitionError(
      `${subject}parameters must be a JSON schema object (got ${schema === null ? 'null' : typeof schema}). ` +
        'Fix: pass { type: "object", properties: { ... } }.',
      toolName,
      '',
    );
  }
  const problem = boundedJsonProblem(schema, 4 * DEFAULT_STRICT_LIMITS.maxSchemaDepth, 4 * DEFAULT_STRICT_LIMITS.maxNodes);
  if (problem !== undefined) {
    throw new ToolDefinitionError(`${subject}the parameters schema ${problem}. Fix: simplify the schema (a cyclic object cannot be a schema).`, toolName, '');
  }
  // Most schemas are plainly valid and are vouched for without ajv, whose loading and
  // meta-schema compilation were most of defineTool's cold cost; ajv decides (and explains)
  // whatever the fast check cannot vouch for.
  const compiler = certainlyPassesMetaSchema(withoutDialect(schema)) ? undefined : ajv();
  if (compiler !== undefined && !compiler.validateSchema(withoutDialect(schema))) {
    const errors = compiler.errors ?? [];
    const first = errors[0];
    const path = first?.instancePath ?? '';
    const details = [...new Set(errors.filter((e) => e.instancePath === path).map((e) => e.message ?? 'is invalid'))];
    const field = fieldPathOf(path);
    throw new ToolDefinitionError(
      `${subject}invalid JSON schema at ${path || '/'}${field ? ` (field "${field}")` : ''}: ${details.join('; ')}. ` +
        'Fix: correct that keyword; types are "string", "number", "integer", "boolean", "object", "array", "null".',
      toolName,
      path,
    );
  }
  const type = schema.type;
  const isObject = type === undefined
    ? Object.keys(schema).length === 0 || 'properties' in schema || '$ref' in schema || 'allOf' in schema || 'anyOf' in schema || 'oneOf' in schema
    : type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!isObject) {
    throw new ToolDefinitionError(
      `${subject}the parameters schema must describe an object (got type ${JSON.stringify(type)}). ` +
        'Fix: the arguments of a tool call are a JSON object; wrap the value in an object with named properties.',
      toolName,
      '/type',
    );
  }
  // A validator follows `$ref`s one inside the other when it is compiled (at the first call): a
  // chain past the limit is refused here, strict or not, rather than failing every call.
  if (mentionsRef(schema)) loadRefChains().assertDefinableRefChains(schema, toolName);
}

/** Whether a `$ref` key appears anywhere in `value` (already checked to be bounded, acyclic JSON). */
function mentionsRef(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && '$ref' in node) return true;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) pending.push(child);
  }
  return false;
}

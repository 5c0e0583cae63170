import { ToolDefinitionError } from '../errors/tool-definition.error';
import { assertValidParametersSchema } from '../schema/schema-check';
import { recordDeclaredSchema } from '../schema/natural-schema';
import { cloneJson } from '../schema/schema-utils';
import { plainStrictSchema } from '../schema/strict-plain';
import { toStrictSchema } from '../schema/strict-schema';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool, ToolContext, ToolFields } from '../contracts/tool';
import { defaultFieldsTool, toolFieldsWithDefaults } from './tool-defaults';
import { assertValidToolName } from './tool-name';

/** What {@link defineTool} takes: the tool's identity, its runtime JSON schema, and `invoke`. */
export type ToolDefinition<TContext = any> = {
  name: string;
  description: string;
  /** The JSON schema of the arguments object. Rewritten into the strict subset unless `strict: false`. */
  parameters: JsonSchema;
  /** Default true. */
  strict?: boolean;
  invoke(ctx: ToolContext<TContext>, args: any): unknown | Promise<unknown>;
  /** For error messages; default `defineTool`. */
  source?: string;
  /** Checks the schema cannot express (see `Tool.validateArguments`). */
  validateArguments?: Tool['validateArguments'];
} & Partial<ToolFields<TContext>>;

/**
 * Builds a tool by hand from a runtime JSON schema (a "raw" tool). The caller's schema is never
 * modified: the tool holds a strict rewrite of it (or, with `strict: false`, a copy).
 *
 * @throws ToolDefinitionError for an invalid name, an invalid schema (with its JSON path, e.g.
 *   `/properties/units/type`), or a shape strict mode cannot express.
 *
 * @example
 * const add = defineTool({
 *   name: 'add', description: 'Add two numbers.',
 *   parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
 *   invoke: (_ctx, { a, b }) => a + b,
 * });
 */
export function defineTool<TContext = any>(definition: ToolDefinition<TContext>): Tool<TContext> {
  if (typeof definition !== 'object' || definition === null) {
    throw new ToolDefinitionError('defineTool needs a definition object: { name, description, parameters, invoke }.');
  }
  const { name, description, parameters, strict = true, invoke, source, validateArguments } = definition;
  assertValidToolName(name);
  if (typeof description !== 'string') {
    throw new ToolDefinitionError(`Tool "${name}": description must be a string. Fix: describe what the tool does for the model.`, name);
  }
  if (typeof invoke !== 'function') {
    throw new ToolDefinitionError(`Tool "${name}": invoke must be a function (ctx, args) => result.`, name);
  }
  if (typeof strict !== 'boolean') {
    throw new ToolDefinitionError(`Tool "${name}": strict must be a boolean.`, name);
  }
  if (validateArguments !== undefined && typeof validateArguments !== 'function') {
    throw new ToolDefinitionError(`Tool "${name}": validateArguments must be a function (args, call) => violations.`, name);
  }
  const schema = parameters ?? { type: 'object', properties: {} };
  // A plain schema (the common case) is checked and made strict in one pass; anything else goes
  // through the meta-schema check and the full rewrite, which also explain what is wrong.
  const plain = strict ? plainStrictSchema(schema) : undefined;
  if (plain === undefined) assertValidParametersSchema(schema, name);
  const parametersOut = plain ?? (strict ? toStrictSchema(schema, { toolName: name }) : looseCopy(schema));
  // What MCP clients are shown (naturalSchemaOf): the schema as the author wrote it.
  recordDeclaredSchema(parametersOut, schema);
  const fields = runnerFieldsOf(definition);
  // Most definitions set no runner-side field: the defaults go straight into the tool's literal.
  const tool: Tool<TContext> = fields === NO_FIELDS
    ? defaultFieldsTool<TContext>(name, description, parametersOut, strict, invoke, source ?? 'defineTool')
    : {
        type: 'function', name, description, parameters: parametersOut, strict, invoke, source: source ?? 'defineTool',
        ...toolFieldsWithDefaults(name, fields),
      };
  if (validateArguments !== undefined) tool.validateArguments = validateArguments;
  return tool;
}

const DEFINITION_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'parameters', 'strict', 'invoke', 'source', 'validateArguments']);
const NO_FIELDS: Partial<ToolFields> = Object.freeze({});

/**
 * The runner-side fields of a definition (everything but its identity, schema and `invoke`).
 * Most definitions have none: then no copy is made (a rest destructuring copies every time).
 */
function runnerFieldsOf(definition: object): Partial<ToolFields> {
  let fields: Record<string, unknown> | undefined;
  for (const key in definition) {
    if (!Object.prototype.hasOwnProperty.call(definition, key) || DEFINITION_KEYS.has(key)) continue;
    (fields ??= {})[key] = (definition as Record<string, unknown>)[key];
  }
  return (fields as Partial<ToolFields> | undefined) ?? NO_FIELDS;
}

/** A copy of a non-strict schema, with an empty root completed into an empty object schema. */
export function looseCopy(schema: JsonSchema): JsonSchema {
  const copy = cloneJson(schema);
  if (Object.keys(copy).length === 0) return { type: 'object', properties: {} };
  delete copy.$schema;
  return copy;
}

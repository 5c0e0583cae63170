import type { JsonSchema } from '../contracts/json-schema';
import type { ModelOutputFormat } from '../contracts/output-format';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import { UserError } from '../errors/user.error';
import { parseEmbeddedSchema } from '../metadata/embedded-schema-text';
import { checkEmbeddedSchema } from '../metadata/embedded-schema-check';
import type { EmbeddedToolSchema } from '../metadata/embedded-schema';
import { cloneJson, isSchemaObject } from '../schema/schema-utils';
import { assertValidParametersSchema } from '../schema/schema-check';
import { toStrictSchema } from '../schema/strict-schema';
import { restoreStrictSideTables } from '../schema/strict-portable';
import { looseCopy } from '../tool/define-tool';
import { compileDatePointers } from '../toolkit/date-fields';
import { dtoArgumentCheck } from '../toolkit/dto-argument-check';
import { needsClassValidator } from '../toolkit/dto-validation';
import type { Tool } from '../contracts/tool';
import { outputSchemaOf, registerOutputSchema } from './output-schemas';

/** A class whose instances an agent answers with. */
export type OutputClass<T> = abstract new (...args: never[]) => T;

/** An answer described by a JSON schema (the answer is the plain parsed value). */
export interface JsonSchemaOutput {
  /** The format's name, as the provider is told it (letters, digits, `_` and `-`). */
  name: string;
  /** An object schema. */
  schema: JsonSchema;
  /** Whether the schema is made strict and enforced exactly (default true). */
  strict?: boolean;
  /** What the answer is. */
  description?: string;
}

/** What an agent answers with: a DTO class, a JSON schema, or `'text'` (the default: the last message's text). */
export type OutputType<T = unknown> = OutputClass<T> | JsonSchemaOutput | 'text';

/** An output type ready to use: the format sent to the model and how to check and build the answer. @internal */
export interface ResolvedOutput {
  readonly format: ModelOutputFormat;
  /** The class to instantiate, when the output type is a class. */
  readonly type?: Function;
  readonly datePaths: readonly string[][];
  /** class-validator's pass on the instance, when the class has checks the schema cannot express. */
  readonly check?: NonNullable<Tool['validateArguments']>;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks an `outputType` when an agent is built (its shape only: a class's schema is looked up on
 * the first run, so a manifest may be loaded after the agent is built). @internal
 */
export function checkOutputType(agentName: string, outputType: unknown, embeddedText: unknown): void {
  if (outputType === undefined || outputType === 'text') return;
  if (typeof outputType === 'function') {
    if (typeof embeddedText === 'string') registerOutputSchema(outputType, { text: embeddedText });
    return;
  }
  if (isSchemaObject(outputType) && typeof outputType.name === 'string' && isSchemaObject(outputType.schema)) {
    if (!NAME.test(outputType.name)) {
      throw new UserError(`Agent "${agentName}": outputType.name ${JSON.stringify(outputType.name)} must be 1 to 64 letters, digits, "_" or "-".`);
    }
    if (outputType.strict !== undefined && typeof outputType.strict !== 'boolean') throw new UserError(`Agent "${agentName}": outputType.strict must be a boolean.`);
    return;
  }
  throw new UserError(
    `Agent "${agentName}": outputType must be a DTO class (new Agent({ outputType: TripPlan })), a JSON schema ({ name, schema, strict? }) or 'text' ` +
      `(got ${outputType === null ? 'null' : typeof outputType === 'string' ? JSON.stringify(outputType) : typeof outputType}).`,
  );
}

const cache = new WeakMap<object, ResolvedOutput>();

/**
 * The resolved output type (cached per class or schema object), or `undefined` for text.
 *
 * @throws UserError when no schema is known for a class (it was not compiled through the scanner).
 * @throws ToolDefinitionError when the schema cannot be made strict.
 * @internal
 */
export function resolveOutputType(agentName: string, outputType: OutputType | undefined): ResolvedOutput | undefined {
  if (outputType === undefined || outputType === 'text') return undefined;
  let resolved = cache.get(outputType);
  if (!resolved) {
    resolved = typeof outputType === 'function' ? fromClass(agentName, outputType) : fromSchema(agentName, outputType);
    cache.set(outputType, resolved);
  }
  return resolved;
}

function fromClass(agentName: string, type: Function): ResolvedOutput {
  const name = type.name || 'Output';
  const where = `the output type ${name} of agent "${agentName}"`;
  const record = outputSchemaOf(type);
  if (!record) {
    throw new UserError(
      `Agent "${agentName}": no schema is known for its output type ${name} (a class's properties cannot be read at run time). ` +
        'Fix: compile through the @toolwright/scanner transformer (toolwright build, ts-patch, ts-jest astTransformers), which embeds it, ' +
        'or run `npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts` and import that module once at start-up; ' +
        'mark classes passed around indirectly with @Output().',
    );
  }
  let embedded: EmbeddedToolSchema;
  if ('text' in record) embedded = parseEmbeddedSchema(record.text, where);
  else {
    checkEmbeddedSchema(record.schema, where);
    embedded = { ...record.schema, parameters: cloneJson(record.schema.parameters) };
  }
  const schema = strictOf(embedded, name, where);
  const datePaths = compileDatePointers(embedded.dates ?? []);
  const format: ModelOutputFormat = { name: formatName(name), schema, strict: true };
  if (embedded.description !== undefined) format.description = embedded.description;
  const resolved: { -readonly [K in keyof ResolvedOutput]: ResolvedOutput[K] } = { format, type, datePaths };
  if (needsClassValidator(type)) resolved.check = dtoArgumentCheck(type, datePaths);
  return resolved;
}

function strictOf(embedded: EmbeddedToolSchema, name: string, where: string): JsonSchema {
  const parameters = embedded.parameters;
  try {
    if (embedded.strict !== undefined) {
      restoreStrictSideTables(parameters, embedded.strict, where);
      return parameters;
    }
    return toStrictSchema(parameters, { toolName: name });
  } catch (error) {
    if (error instanceof ToolDefinitionError) throw new ToolDefinitionError(`${where}: ${error.message}`, error.toolName, error.path);
    throw error;
  }
}

function fromSchema(agentName: string, output: JsonSchemaOutput): ResolvedOutput {
  const strict = output.strict !== false;
  const where = `Agent "${agentName}", outputType "${output.name}"`;
  let schema: JsonSchema;
  try {
    assertValidParametersSchema(output.schema, output.name);
    if (output.schema.type !== 'object') throw new UserError(`${where}: the schema must describe an object ({ type: 'object', properties: {...} }); wrap other values in a property.`);
    schema = strict ? toStrictSchema(output.schema, { toolName: output.name }) : looseCopy(output.schema);
  } catch (error) {
    if (error instanceof ToolDefinitionError) throw new ToolDefinitionError(`${where}: ${error.message}`, error.toolName, error.path);
    throw error;
  }
  const format: ModelOutputFormat = { name: output.name, schema, strict };
  if (output.description !== undefined) format.description = output.description;
  return { format, datePaths: [] };
}

/** A class name as a format name (providers accept `[A-Za-z0-9_-]`, at most 64). */
function formatName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return cleaned === '' ? 'output' : cleaned;
}

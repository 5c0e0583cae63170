import { ToolDefinitionError } from '../errors/tool-definition.error';
import { UserError } from '../errors/user.error';
import type { EnhancerMetadata } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { assertValidParametersSchema } from '../schema/schema-check';
import { toStrictSchema } from '../schema/strict-schema';
import { looseCopy } from '../tool/define-tool';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';
import type { ToolOptions } from '../contracts/tool-options';
import { dtoArgumentCheck } from './dto-argument-check';
import type { DtoReference } from '../metadata/metadata-definitions';
import { toolNameProblem } from '../tool/tool-name';
import { compileDatePointers } from './date-fields';
import { declaredSchemaOf, type SchemaSource } from './declared-schema';
import { recordDeclaredSchema } from '../schema/natural-schema';
import { needsClassValidator } from './dto-validation';
import { resolveDeclarations } from './resolve-declarations';

/** How one method parameter is filled on a call. */
export type ParameterSlot =
  | { kind: 'param'; name: string }
  | { kind: 'args'; dto?: Function; validate: boolean }
  | { kind: 'ctx' };

/** Everything about a tool of a class that does not depend on the instance. Built once per class. */
export interface ToolBlueprint {
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
  method: string;
  /** `Concrete.method`. */
  source: string;
  schemaSource: SchemaSource;
  options: ToolOptions;
  slots: ParameterSlot[];
  datePaths: string[][];
  enhancers: EnhancerMetadata[];
  /** The DTO checks the schema cannot express (`Tool.validateArguments`), when there are any. */
  argumentCheck?: Tool['validateArguments'];
}

const cache = new WeakMap<Function, { generation: number; blueprints: ToolBlueprint[] }>();

// Slots are only read, so tools share them: one per @Param name rather than one per parameter
// of every tool (thousands of tools tend to reuse a few parameter names).
const paramSlots = new Map<string, ParameterSlot>();
const CTX_SLOT: ParameterSlot = Object.freeze({ kind: 'ctx' });
const NO_DATE_PATHS = Object.freeze([]) as unknown as string[][];

function paramSlot(name: string): ParameterSlot {
  let slot = paramSlots.get(name);
  if (slot === undefined) {
    slot = Object.freeze({ kind: 'param', name });
    paramSlots.set(name, slot);
  }
  return slot;
}

/** The tool blueprints of a class (inheritance applied), cached per class. */
export function blueprintsOf(ctor: Function): ToolBlueprint[] {
  const generation = getMetadataStorage().generation;
  const cached = cache.get(ctor);
  if (cached && cached.generation === generation) return cached.blueprints;
  const blueprints = build(ctor);
  cache.set(ctor, { generation, blueprints });
  return blueprints;
}

function build(ctor: Function): ToolBlueprint[] {
  const { toolkit, declarations } = resolveDeclarations(ctor);
  const prefix = toolkit?.prefix ?? '';
  const byName = new Map<string, string>();
  return declarations.map(({ tool, declaringClass, enhancers }) => {
    const source = `${ctor.name}.${tool.method}`;
    // Built only for a message.
    const where = (): string => (declaringClass === ctor ? `@Tool ${source}` : `@Tool ${source} (inherited from ${declaringClass.name})`);
    const name = prefix + tool.name;
    const problem = toolNameProblem(name);
    if (problem) throw new UserError(`${where()}: with the toolkit prefix "${prefix}", ${problem}. Fix: shorten the prefix or the tool name.`);
    const clash = byName.get(name);
    if (clash) throw new UserError(`${where()}: the tool name "${name}" is also used by ${clash}. Fix: give one of them another name with @Tool({ name }).`);
    byName.set(name, source);

    const declared = declaredSchemaOf(tool, declaringClass, where);
    const strict = tool.options.strict ?? true;
    let parameters: JsonSchema;
    try {
      // A schema the scanner embedded was generated from the TypeScript types in the same
      // compilation, so it is well-formed by construction; checking it against the JSON Schema
      // meta-schema was the largest cost of toolsOf (and compiling the meta-schema the largest
      // cold one). Manifest and reflected schemas are still checked. The strict rewrite below
      // runs for every source, and a schema ajv cannot compile still fails as ToolDefinitionError.
      if (declared.source !== 'embedded') assertValidParametersSchema(declared.parameters, name);
      if (declared.strict && !strict) {
        throw new UserError(`${where()}: the embedded schema was made strict at build time, but the tool says strict: false. Fix: rebuild with the @toolwright/scanner transformer.`);
      }
      parameters = declared.strict ? declared.parameters : strict ? toStrictSchema(declared.parameters, { toolName: name }) : looseCopy(declared.parameters);
      // The loose schema is what MCP clients are shown (naturalSchemaOf).
      if (strict && !declared.strict) recordDeclaredSchema(parameters, declared.parameters);
    } catch (error) {
      if (error instanceof ToolDefinitionError) throw new ToolDefinitionError(`${where()}: ${error.message}`, error.toolName, error.path);
      throw error;
    }
    const params = getMetadataStorage().parametersOf(declaringClass, tool.method);
    // Sized up front (every parameter below the count is decorated, as @Tool checked): filling
    // an empty array by index would leave it with spare capacity, held for the tool's lifetime.
    const slots: ParameterSlot[] = new Array<ParameterSlot>(Math.max(tool.parameterCount, params.length));
    let checkedDto: Function | undefined;
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      if (p.kind === 'param') slots[p.index] = paramSlot(p.name);
      else if (p.kind === 'ctx') slots[p.index] = CTX_SLOT;
      else {
        const type = p.dto !== undefined ? dtoClassOf(p.dto, where) : tool.paramTypes?.[p.index];
        const dto = typeof type === 'function' && type !== Object ? type : undefined;
        if (dto === undefined && declared.localChecks !== undefined) throw uncheckedDto(where(), declared.localChecks);
        const validate = dto !== undefined && needsClassValidator(dto);
        slots[p.index] = { kind: 'args', dto, validate };
        if (validate && checkedDto === undefined) checkedDto = dto;
      }
    }
    const blueprint: ToolBlueprint = {
      name,
      description: tool.options.description ?? declared.description ?? '',
      parameters,
      strict,
      method: tool.method,
      source,
      schemaSource: declared.source,
      options: tool.options,
      slots,
      datePaths: declared.dates.length === 0 ? NO_DATE_PATHS : compileDatePointers(declared.dates),
      enhancers,
    };
    if (checkedDto !== undefined) blueprint.argumentCheck = dtoArgumentCheck(checkedDto, blueprint.datePaths);
    return blueprint;
  });
}

/** The class an `@Args(...)` names: the class itself, or what a `() => TheClass` returns. */
function dtoClassOf(reference: DtoReference, where: () => string): Function {
  // A class (or constructor function) has a prototype object; an arrow function has none.
  const type: unknown = Object.prototype.hasOwnProperty.call(reference, 'prototype') ? reference : (reference as () => unknown)();
  if (typeof type !== 'function') {
    throw new UserError(`${where()}: @Args(() => ...) returned ${type === undefined ? 'undefined' : typeof type}, not the DTO class. Fix: @Args(() => QueryArgs), with QueryArgs declared by the time tools are built.`);
  }
  return type;
}

/**
 * The refusal for an `@Args` DTO with checks the schema does not express when nothing names its
 * class: the method would get a plain object and the checks would be skipped without a word.
 */
function uncheckedDto(where: string, checks: readonly string[]): UserError {
  const listed = checks.slice(0, 5).join(', ') + (checks.length > 5 ? ` and ${checks.length - 5} more` : '');
  return new UserError(
    `${where}: its @Args DTO has checks the schema cannot express (${listed}), and no decorator metadata names the DTO class, so they would be skipped. ` +
      'Fix: name the class, @Args(QueryArgs) (any compiler), or compile with "emitDecoratorMetadata": true and import \'reflect-metadata\' once.',
  );
}

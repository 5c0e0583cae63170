import type { ValidateFunction } from 'ajv';
import { errorMessage } from '../errors/error-message';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { compileSchema } from '../schema/ajv-instance';
import { compileNullPlan, type NullPlan } from './null-plan';
import { enforcedSchemaOf } from '../schema/strict-local-schema';

/** @internal What argument handling needs per schema, built once. */
export interface CompiledArguments {
  /** Accepts or refuses; stops at the first error (see `firstErrorAjv`). */
  validate: ValidateFunction;
  nullPlan: NullPlan | null;
  /** The all-errors validator, compiled on the first invalid call, to list every violation. */
  detailed?: ValidateFunction;
}

// Keyed by the schema object itself: spread copies of a tool share it, a new schema recompiles,
// and a schema that is no longer referenced lets its validator go.
const cache = new WeakMap<object, CompiledArguments>();

/** @internal The compiled validator and null plan of a tool's `parameters`. */
export function compiledArgumentsOf(parameters: JsonSchema, toolName: string): CompiledArguments {
  let compiled = cache.get(parameters);
  if (compiled === undefined) {
    compiled = compile(parameters, toolName);
    cache.set(parameters, compiled);
  }
  return compiled;
}

function compile(parameters: JsonSchema, toolName: string): CompiledArguments {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new ToolDefinitionError(`Tool "${toolName}": parameters must be a JSON schema object. Fix: build the tool with defineTool or toolsOf.`, toolName, '');
  }
  try {
    const enforced = enforcedSchemaOf(parameters);
    return { validate: compileSchema(enforced, { allErrors: false }), nullPlan: compileNullPlan(enforced) };
  } catch (error) {
    const reason = errorMessage(error);
    throw new ToolDefinitionError(
      `Tool "${toolName}": its parameters schema cannot be compiled into a validator (${reason}). ` +
        'Fix: correct the schema; defineTool reports the exact path of the problem.',
      toolName,
      '',
    );
  }
}

/** @internal The all-errors validator of compiled arguments (compiled once, on first use). */
export function detailedValidatorOf(compiled: CompiledArguments, parameters: JsonSchema): ValidateFunction {
  compiled.detailed ??= compileSchema(enforcedSchemaOf(parameters));
  return compiled.detailed;
}

import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

let validatorFactory: AjvJsonSchemaValidator | undefined;
const compiled = new WeakMap<object, JsonSchemaValidator<unknown> | string>();

/**
 * Checks `value` against an output schema (compiled once per schema object). Returns a
 * description of the mismatch, or `undefined` when it matches. A schema that does not compile
 * is reported as such. @internal
 */
export function outputSchemaProblem(schema: Record<string, unknown>, value: unknown): string | undefined {
  return schemaProblem(schema, value, 'the output schema');
}

/**
 * Checks `value` against a JSON schema (compiled once per schema object): the validator's
 * description of the mismatch, or `undefined` when it matches. A schema that does not compile
 * is reported as `<what> does not compile: ...`. @internal
 */
export function schemaProblem(schema: Record<string, unknown>, value: unknown, what: string): string | undefined {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    try {
      validatorFactory ??= new AjvJsonSchemaValidator();
      validator = validatorFactory.getValidator<unknown>(schema as JsonSchemaType);
    } catch (error) {
      validator = `${what} does not compile: ${error instanceof Error ? error.message : String(error)}`;
    }
    compiled.set(schema, validator);
  }
  if (typeof validator === 'string') return validator;
  const result = validator(value);
  return result.valid ? undefined : result.errorMessage;
}

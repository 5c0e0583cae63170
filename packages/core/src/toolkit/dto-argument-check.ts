import type * as ClassTransformer from 'class-transformer';
import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { lazyModule } from '../lazy/lazy-module';
import type { Tool } from '../contracts/tool';
import { reviveDates } from './date-fields';
import { classValidatorViolations, classValidatorViolationsSync, dtoValidationOf } from './dto-validation';

// Loaded on the first @Args DTO call only (see dto-validation.ts): most tools never need it.
const loadClassTransformer = lazyModule(() => require('class-transformer') as typeof ClassTransformer);

/**
 * class-transformer's `plainToInstance`, loaded on first use. Keys whose value is `undefined`
 * (optional fields the model sent as `null`) are not set, so the DTO's field initializers
 * (`period = 'week'`) stay. @internal
 */
export function plainToInstance<T extends object>(type: new () => T, plain: object): T {
  return loadClassTransformer().plainToInstance(type, plain, { exposeUnsetFields: false });
}

/**
 * The `validateArguments` of a decorated tool whose `@Args` DTO has constraints the JSON schema
 * cannot express: builds the DTO instance from a copy of the arguments (dates revived, the
 * arguments themselves untouched, so approvers and guardrails see them as the model sent them)
 * and runs class-validator on it, synchronously unless the DTO has asynchronous validators.
 * @internal
 */
export function dtoArgumentCheck(dto: Function, datePaths: readonly string[][]): NonNullable<Tool['validateArguments']> {
  const type = dto as new () => object;
  const asynchronous = dtoValidationOf(dto) === 'async';
  return (args: unknown): ArgumentViolation[] | Promise<ArgumentViolation[]> => {
    const plain = structuredClone((args ?? {}) as object);
    if (datePaths.length > 0) reviveDates(plain, datePaths);
    const instance = plainToInstance(type, plain);
    return asynchronous ? classValidatorViolations(instance) : classValidatorViolationsSync(instance);
  };
}

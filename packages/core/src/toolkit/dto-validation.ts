import type * as ClassValidator from 'class-validator';
import type { ValidationError } from 'class-validator';
import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { pointer } from '../schema/json-pointer';
import { readDesignMetadata } from '../decorators/decorator-environment';
import { DESIGN_TYPE } from '../metadata/metadata-keys';
import { lazyModule } from '../lazy/lazy-module';
import { SCHEMA_EXPRESSIBLE_VALIDATORS } from './schema-validators';

/** Whether a DTO needs class-validator, and whether some of its validators are asynchronous. */
export type DtoValidation = 'none' | 'sync' | 'async';

const cache = new WeakMap<Function, DtoValidation>();

// class-validator (with validator.js) and class-transformer's storage are loaded on first use:
// only tools taking an @Args DTO need them, and loading them eagerly was most of the import time
// of @toolwright/core. Their metadata lives on globalThis, so nothing decorated before is lost.
const loadClassValidator = lazyModule(() => require('class-validator') as typeof ClassValidator);

/** Whether validating instances of `dto` needs class-validator (beyond the JSON schema). */
export function needsClassValidator(dto: Function): boolean {
  return dtoValidationOf(dto) !== 'none';
}

/** What validating instances of `dto` takes: nothing beyond the schema, class-validator, or its async form. */
export function dtoValidationOf(dto: Function): DtoValidation {
  let answer = cache.get(dto);
  if (answer === undefined) {
    answer = inspect(dto, new Set());
    cache.set(dto, answer);
  }
  return answer;
}

/**
 * Regular-expression flags with which a JSON-schema `pattern` (compiled with `u`) still accepts
 * exactly what `@Matches` accepts; any other flag (`i`, `m`, `s`, `y`, `v`) changes what
 * matches, so the scanner leaves such a pattern out of the schema and class-validator checks it.
 */
const SCHEMA_NEUTRAL_FLAGS = /^[ugd]*$/;

function inspect(dto: Function, seen: Set<Function>): DtoValidation {
  if (seen.has(dto)) return 'none';
  seen.add(dto);
  const storage = loadClassValidator().getMetadataStorage();
  let needed: DtoValidation = 'none';
  for (const m of storage.getTargetValidationMetadatas(dto, '', true, false)) {
    let here: DtoValidation = 'none';
    switch (m.type) {
      case 'conditionalValidation':
        if (m.name !== 'isOptional') here = 'sync';
        break;
      case 'customValidation': {
        const constraint = storage.getTargetValidatorConstraints(m.constraintCls)[0];
        const name = constraint?.name ?? m.name ?? '';
        if (constraint?.async) here = 'async';
        else if (!SCHEMA_EXPRESSIBLE_VALIDATORS.has(name) || (name === 'matches' && !matchesInSchema(m.constraints))) here = 'sync';
        break;
      }
      case 'nestedValidation': {
        const nested = nestedClassOf(dto, m.propertyName);
        if (nested) here = inspect(nested, seen);
        break;
      }
      case 'isDefined':
      case 'whitelistValidation':
        break;
      default:
        here = 'sync';
    }
    if (m.validateIf && here === 'none') here = 'sync';
    if (here === 'async') return 'async';
    if (here === 'sync') needed = 'sync';
  }
  return needed;
}

/** Whether a `@Matches` constraint (`[pattern, modifiers]`) is one the schema's `pattern` expresses exactly. */
function matchesInSchema(constraints: unknown[] | undefined): boolean {
  const [pattern, modifiers] = constraints ?? [];
  const flags = pattern instanceof RegExp ? pattern.flags : typeof modifiers === 'string' ? modifiers : '';
  return SCHEMA_NEUTRAL_FLAGS.test(flags);
}

interface TypeMetadataStorage {
  findTypeMetadata(target: Function, property: string): { typeFunction(): unknown } | undefined;
}
// class-transformer does not export its metadata storage from the package root (nor type it).
const loadTypeMetadata = lazyModule(
  () => (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TypeMetadataStorage }).defaultMetadataStorage,
);

function nestedClassOf(dto: Function, property: string): Function | undefined {
  // class-transformer's @Type records the element class; fall back to the emitted design type.
  const viaType = loadTypeMetadata().findTypeMetadata(dto, property)?.typeFunction();
  const type = viaType ?? readDesignMetadata(DESIGN_TYPE, dto.prototype as object, property);
  return typeof type === 'function' && type !== Array && type !== Object ? type : undefined;
}

/** Runs class-validator on a DTO instance; the violations, with JSON pointers. */
export async function classValidatorViolations(instance: object): Promise<ArgumentViolation[]> {
  const errors = await loadClassValidator().validate(instance, { forbidUnknownValues: false });
  const out: ArgumentViolation[] = [];
  collect(errors, '', out);
  return out;
}

/** The same, synchronously, for DTOs without asynchronous validators. */
export function classValidatorViolationsSync(instance: object): ArgumentViolation[] {
  const errors = loadClassValidator().validateSync(instance, { forbidUnknownValues: false });
  const out: ArgumentViolation[] = [];
  collect(errors, '', out);
  return out;
}

function collect(errors: readonly ValidationError[], base: string, out: ArgumentViolation[]): void {
  for (const error of errors) {
    const path = pointer(base, error.property);
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message });
    if (error.children?.length) collect(error.children, path, out);
  }
}

import type * as ClassValidator from 'class-validator';
import type { ValidationError } from 'class-validator';
import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { pointer } from '../schema/json-pointer';
import { readDesignMetadata } from '../decorators/decorator-environment';
import { DESIGN_TYPE } from '../metadata/metadata-keys';
import { lazyModule } from '../lazy/lazy-module';

/**
 * class-validator constraints the scanner compiles into the JSON schema, so the compiled
 * validator already enforces them. Anything else on a DTO (custom validators, `@ValidateIf`,
 * async validators, ...) makes Toolwright run class-validator too.
 */
export const SCHEMA_EXPRESSIBLE_VALIDATORS: ReadonlySet<string> = new Set([
  'isString', 'isInt', 'isNumber', 'isBoolean', 'isEnum', 'isIn', 'min', 'max', 'minLength', 'maxLength', 'length',
  'matches', 'isEmail', 'isUrl', 'isUUID', 'isIso8601', 'isISO8601', 'isDateString', 'isDate', 'isArray',
  'arrayMinSize', 'arrayMaxSize', 'isOptional', 'isNotEmptyObject', 'isObject', 'isDefined',
]);

const cache = new WeakMap<Function, boolean>();

// class-validator (with validator.js) and class-transformer's storage are loaded on first use:
// only tools taking an @Args DTO need them, and loading them eagerly was most of the import time
// of @toolwright/core. Their metadata lives on globalThis, so nothing decorated before is lost.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadClassValidator = lazyModule(() => require('class-validator') as typeof ClassValidator);

/** Whether validating instances of `dto` needs class-validator (beyond the JSON schema). */
export function needsClassValidator(dto: Function): boolean {
  let answer = cache.get(dto);
  if (answer === undefined) {
    answer = inspect(dto, new Set());
    cache.set(dto, answer);
  }
  return answer;
}

function inspect(dto: Function, seen: Set<Function>): boolean {
  if (seen.has(dto)) return false;
  seen.add(dto);
  const storage = loadClassValidator().getMetadataStorage();
  for (const m of storage.getTargetValidationMetadatas(dto, '', true, false)) {
    if (m.validateIf) return true;
    switch (m.type) {
      case 'conditionalValidation':
        if (m.name !== 'isOptional') return true;
        break;
      case 'customValidation': {
        const constraint = storage.getTargetValidatorConstraints(m.constraintCls)[0];
        if (constraint?.async) return true;
        if (!SCHEMA_EXPRESSIBLE_VALIDATORS.has(constraint?.name ?? m.name ?? '')) return true;
        break;
      }
      case 'nestedValidation': {
        const nested = nestedClassOf(dto, m.propertyName);
        if (nested && inspect(nested, seen)) return true;
        break;
      }
      case 'isDefined':
      case 'whitelistValidation':
        break;
      default:
        return true;
    }
  }
  return false;
}

interface TypeMetadataStorage {
  findTypeMetadata(target: Function, property: string): { typeFunction(): unknown } | undefined;
}
// class-transformer does not export its metadata storage from the package root (nor type it).
const loadTypeMetadata = lazyModule(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
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

function collect(errors: readonly ValidationError[], base: string, out: ArgumentViolation[]): void {
  for (const error of errors) {
    const path = pointer(base, error.property);
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message });
    if (error.children?.length) collect(error.children, path, out);
  }
}

import { UserError } from '../errors/user.error';
import { FORBIDDEN_ARGUMENT_KEYS } from '../arguments/forbidden-keys';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { copyOptions, NO_OPTIONS } from '../metadata/options-copy';
import type { ParamOptions } from '../contracts/tool-options';
import type { DtoReference } from '../metadata/metadata-definitions';
import { assertLegacyDecorator } from './decorator-environment';
import { assertToolMember, describeClass, describeMethod, describeParameter, parameterNamesOf } from './decorated-member';

type Kind = 'param' | 'args' | 'ctx';

function recordParameter(
  kind: Kind,
  label: string,
  target: object,
  method: string | symbol | undefined,
  index: number,
  name?: string,
  options?: ParamOptions,
  dto?: DtoReference,
): void {
  // One test for the common case, a parameter of a string-named instance method; the checks in
  // the branch explain anything else (they run for every parameter of every tool otherwise).
  if (typeof method !== 'string' || typeof target === 'function') {
    assertLegacyDecorator(label, method);
    if (method === undefined) {
      throw new UserError(`${label} on a constructor parameter of ${describeClass(target as Function)}: it only applies to parameters of @Tool methods. Fix: remove it.`);
    }
    assertToolMember(label, target, method);
  }
  const ctor = (target as { constructor: Function }).constructor;
  if (kind === 'param') {
    if (typeof name !== 'string' || name.length === 0) {
      throw paramError(target, method, index, "the argument name must be a non-empty string. Fix: @Param('city').");
    }
    if (FORBIDDEN_ARGUMENT_KEYS.has(name)) {
      throw paramError(target, method, index, `"${name}" cannot be an argument name (it is refused to prevent prototype pollution). Fix: choose another name.`);
    }
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw paramError(target, method, index, "options must be an object, e.g. { description: '...' }.");
    }
    getMetadataStorage().collectParameter({ kind, target: ctor, method, index, name, options: options === undefined ? NO_OPTIONS : copyOptions(options) });
    return;
  }
  if (kind === 'args' && dto !== undefined) {
    if (typeof dto !== 'function') {
      const param = describeParameter(index, parameterNamesOf((target as Record<string, unknown>)[method]));
      throw new UserError(`@Args on ${describeMethod(target, method)}, parameter ${param}: the argument must be the DTO class (or () => TheClass), got ${typeof dto}. Fix: @Args(QueryArgs), or @Args().`);
    }
    getMetadataStorage().collectParameter({ kind, target: ctor, method, index, dto });
    return;
  }
  getMetadataStorage().collectParameter({ kind, target: ctor, method, index });
}

/**
 * The error for an invalid `@Param`. Only an error needs the method's description and the
 * parameter's name (reading it re-parses the method's source): a valid `@Param` builds neither.
 */
function paramError(target: object, method: string, index: number, problem: string): UserError {
  const param = describeParameter(index, parameterNamesOf((target as Record<string, unknown>)[method]));
  return new UserError(`@Param on ${describeMethod(target, method)}, parameter ${param}: ${problem}`);
}

/**
 * Binds a parameter to the argument `name` of the tool call. Options refine the generated schema
 * of that argument (description, enum, bounds, pattern, format).
 *
 * @example
 * getWeather(@Param('city', { description: 'City name' }) city: string) { ... }
 */
export function Param(name: string, options?: ParamOptions): ParameterDecorator {
  return (target, method, index) => recordParameter('param', '@Param', target, method, index, name, options);
}

/**
 * Binds a parameter to the whole argument object, built as an instance of the parameter's DTO
 * class (class-transformer; nested classes via `@Type`, `Date` fields as `Date`). The class comes
 * from the decorator metadata the compiler emits (`emitDecoratorMetadata`), or from the argument:
 * `@Args(QueryArgs)` (or `@Args(() => QueryArgs)` for a class declared further down) works with
 * any compiler, and is needed without that metadata when the DTO has checks its schema cannot
 * express.
 *
 * @example
 * runQuery(@Args() args: QueryArgs) { ... }
 * runQuery(@Args(QueryArgs) args: QueryArgs) { ... }
 */
export function Args(dto?: DtoReference): ParameterDecorator {
  return (target, method, index) => recordParameter('args', '@Args', target, method, index, undefined, undefined, dto);
}

/**
 * Binds a parameter to the call's `ToolContext` (call id, signal, run context, `emit`). Not part
 * of the schema.
 */
export function Ctx(): ParameterDecorator {
  return (target, method, index) => recordParameter('ctx', '@Ctx', target, method, index);
}

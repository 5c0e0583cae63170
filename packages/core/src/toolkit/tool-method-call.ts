import { UserError } from '../errors/user.error';
import { DESIGN_PARAMTYPES } from '../metadata/metadata-keys';
import type { Type } from '../metadata/metadata-definitions';
import type { ToolContext } from '../contracts/tool';
import type { ToolBlueprint } from './tool-blueprint';

/**
 * One call of a decorated tool's method, as `toolsOf(instance, { call })` receives it: what the
 * runner validated and mapped, just before `instance[method](...values)` would run.
 */
export interface ToolMethodCall {
  /** The toolkit instance the tools are bound to. */
  instance: object;
  /** The name of the method the call runs (`instance[method]`). */
  method: string;
  /** The tool's name. */
  toolName: string;
  /** The method's arguments, in order: the `@Param` values, the `@Args` DTO, the `ToolContext`. */
  values: unknown[];
  /** The validated arguments as a whole: the `@Args` DTO instance when there is one, else the argument object. */
  args: unknown;
  /** The validated argument object itself (optional fields absent, `Date` fields revived). */
  input: Record<string, unknown>;
  /** The call's context (the value of a `@Ctx()` parameter). */
  ctx: ToolContext;
}

/** Runs a tool's method call in place of `instance[method](...values)` (see `ToolsOfOptions.call`). */
export type ToolMethodCaller = (call: ToolMethodCall) => unknown;

/** Hands a mapped call to `caller`, once the DTO check pending for it (if any) has passed. @internal */
export function callThrough(
  caller: ToolMethodCaller,
  instance: object,
  blueprint: ToolBlueprint,
  values: unknown[],
  input: Record<string, unknown>,
  ctx: ToolContext,
  pending: Promise<unknown> | undefined,
): unknown {
  const argsIndex = blueprint.slots.findIndex((slot) => slot?.kind === 'args');
  const call: ToolMethodCall = { instance, method: blueprint.method, toolName: blueprint.name, values, args: argsIndex >= 0 ? values[argsIndex] : input, input, ctx };
  return pending ? pending.then(() => caller(call)) : caller(call);
}

/**
 * Creates an enhancer class (`@UseGuardrails(SomeGuardrail)`) with `new`, which can only work
 * when its constructor takes nothing: a class whose emitted `design:paramtypes` lists
 * parameters needs a container to fill them, and `new` would leave them undefined until the
 * first call failed on them. @internal
 */
export function instantiateEnhancer(type: Type, where: string): unknown {
  const reflect = Reflect as unknown as { getMetadata?: (key: string, target: object) => unknown };
  const paramTypes = typeof reflect.getMetadata === 'function' ? reflect.getMetadata(DESIGN_PARAMTYPES, type) : undefined;
  if (Array.isArray(paramTypes) && paramTypes.length > 0) {
    const names = paramTypes.map((t) => (typeof t === 'function' && t.name ? t.name : '?')).join(', ');
    throw new UserError(
      `${where}: ${type.name} has constructor dependencies (${names}), and \`new ${type.name}()\` cannot provide them. ` +
        'Fix: get the toolkit from your DI container (with @toolwright/nestjs: app.get(TheToolkit), or name it in an agent) so the container creates it, ' +
        `pass toolsOf(instance, { resolve }) a resolver, or use an instance: @UseGuardrails(new ${type.name}(...)).`,
    );
  }
  return new type();
}

import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ParamsFactory } from '@nestjs/core/helpers/external-context-creator';
import { ancestryOf, getMetadataStorage } from '@toolwright/core/internal';
import { TOOL_PARAMS_METADATA } from '../constants/toolwright.constants';

/**
 * How a pipe sees a `@Ctx()` parameter: a number Nest maps to the `'custom'` argument type (as
 * for a custom parameter decorator), which `ValidationPipe` leaves alone by default.
 */
const CTX_PARAMTYPE = 100;

/** The `@Args` value of each call, by its `ToolContext` (one object per call). */
const argsValues = new WeakMap<object, unknown>();

/** Remembers the `@Args` value of a call, for the parameter factory below. @internal */
export function rememberArgsValue(ctx: object, value: unknown): void {
  argsValues.set(ctx, value);
}

/**
 * Fills a tool method's parameters from the context's arguments `[input, toolContext]`, as
 * Nest's `ExternalContextCreator` asks for them: `@Param(name)` as `input[name]` (a `'param'`
 * argument for pipes), `@Args()` as the DTO the method gets (a `'body'` argument), `@Ctx()` as
 * the `ToolContext` (a `'custom'` argument). @internal
 */
export const toolParamsFactory: ParamsFactory = {
  exchangeKeyForValue(type: number, data: unknown, args: unknown[]): unknown {
    const [input, ctx] = args as [Record<string, unknown>, object];
    if (type === RouteParamtypes.PARAM) return input[data as string];
    if (type === RouteParamtypes.BODY) return argsValues.has(ctx) ? argsValues.get(ctx) : input;
    return ctx;
  },
};

/**
 * Describes a tool method's parameters to Nest under {@link TOOL_PARAMS_METADATA} (on the class,
 * keyed by method, where Nest's `ExternalContextCreator` reads a handler's parameters), from the
 * `@Param` / `@Args` / `@Ctx` decorators of the nearest declaration of the method. @internal
 */
export function describeToolParams(cls: Function, method: string): void {
  const storage = getMetadataStorage();
  let declaring: Function | undefined;
  for (const c of ancestryOf(cls)) {
    if (storage.toolsOf(c).has(method)) {
      declaring = c;
      break;
    }
  }
  if (declaring === undefined) return;
  const params: Record<string, { index: number; data?: string; pipes: unknown[] }> = {};
  for (const p of storage.parametersOf(declaring, method)) {
    if (p.kind === 'param') params[`${RouteParamtypes.PARAM}:${p.index}`] = { index: p.index, data: p.name, pipes: [] };
    else if (p.kind === 'args') params[`${RouteParamtypes.BODY}:${p.index}`] = { index: p.index, pipes: [] };
    else params[`${CTX_PARAMTYPE}:${p.index}`] = { index: p.index, pipes: [] };
  }
  Reflect.defineMetadata(TOOL_PARAMS_METADATA, params, cls, method);
}

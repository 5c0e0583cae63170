import { EXCEPTION_FILTERS_METADATA } from '@nestjs/common/constants';
import { ToolInterruption } from '@toolwright/core';
import type { ToolMethodCall } from '@toolwright/core/extend';
import { isObservable, lastValueFrom } from 'rxjs';
import { TOOL_PARAMS_METADATA } from '../constants/toolwright.constants';
import { toolCallContext } from './context-host';
import { detectToolInterceptorMixUp, isInterceptorMixUp } from './interceptor-mix-up';
import type { NestEnhancerKit } from './nest-enhancer-kit';
import { rememberArgsValue, toolParamsFactory } from './tool-params';
import { TOOLWRIGHT_CONTEXT_TYPE } from './toolwright-execution-context';

/** Runs one tool method call through Nest's interceptors, pipes and exception filters. @internal */
export type MethodPipeline = (call: ToolMethodCall) => Promise<unknown>;

interface Built {
  handler: (...args: unknown[]) => Promise<unknown>;
  filters: ReturnType<NestEnhancerKit['filters']['create']> | undefined;
  callback: Function;
}

/**
 * The pipeline of a tool method when it (or its class, or the application with global
 * enhancers) has Nest interceptors, pipes or exception filters; `undefined` when it has none, so
 * the method is called directly. Built on `ExternalContextCreator` with the execution context
 * type `'toolwright'`: interceptors wrap the method (Observable-based, as in Nest), pipes
 * transform each parameter after Toolwright validated the arguments, and an exception filter
 * that catches what they threw returns the tool's output instead. Guards are not part of it:
 * they run earlier, as input guardrails (see `guardGuardrails`). @internal
 */
export function methodPipeline(kit: NestEnhancerKit, instance: object, cls: Function, method: string, moduleKey: string): MethodPipeline | undefined {
  const declared = (instance as Record<string, unknown>)[method] as Function;
  const needed =
    kit.interceptors.create(instance, declared as never, moduleKey).length > 0 ||
    kit.pipes.create(instance, declared as never, moduleKey).length > 0 ||
    filtersOf(kit, instance, declared, moduleKey) !== undefined;
  if (!needed) return undefined;
  detectToolInterceptorMixUp();
  const build = (callback: Function): Built => {
    const handler = kit.external.create(
      instance, callback as never, method, TOOL_PARAMS_METADATA, toolParamsFactory, undefined, undefined,
      { guards: false, interceptors: true, filters: false }, TOOLWRIGHT_CONTEXT_TYPE,
    );
    return { handler, filters: filtersOf(kit, instance, callback, moduleKey), callback };
  };
  const original = build(declared);
  // A method replaced on the instance after start-up (jest.spyOn, a patch) runs in place of the
  // declared one, with the declared one's metadata, so its enhancers still apply.
  const replaced = new WeakMap<Function, Built>();
  return async (call) => {
    const current = (instance as Record<string, unknown>)[method] as Function;
    let built = original;
    if (current !== declared) {
      built = replaced.get(current) ?? build(withMetadataOf(declared, current));
      replaced.set(current, built);
    }
    rememberArgsValue(call.ctx, call.args);
    try {
      return await built.handler(call.input, call.ctx);
    } catch (error) {
      if (built.filters === undefined || error instanceof ToolInterruption || isInterceptorMixUp(error)) throw error;
      const caught = built.filters.invokeCustomFilters(error, toolCallContext(call.input, call.ctx, cls, built.callback));
      // As in Nest: no filter for the error, or a filter that returns nothing, leaves it thrown.
      const output: unknown = await caught;
      if (output === null || output === undefined) throw error;
      return isObservable(output) ? lastValueFrom(output) : output;
    }
  };
}

/** The exception filters of a method (global ones included with the application's config), if it has any. */
function filtersOf(kit: NestEnhancerKit, instance: object, callback: Function, moduleKey: string): Built['filters'] {
  // create() also sets the module the filter classes are resolved in, which createContext() uses.
  const handler = kit.filters.create(instance, callback as never, moduleKey);
  return kit.filters.createContext(instance, callback as never, EXCEPTION_FILTERS_METADATA).length > 0 ? handler : undefined;
}

/** A function calling `target` with the reflect-metadata of `source` (Nest reads enhancers from it). */
function withMetadataOf(source: Function, target: Function): Function {
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    return target.apply(this, args);
  };
  for (const key of Reflect.getMetadataKeys(source)) Reflect.defineMetadata(key, Reflect.getMetadata(key, source), wrapper);
  Object.defineProperty(wrapper, 'name', { value: source.name });
  return wrapper;
}

import type { Logger } from '@nestjs/common';
import { toolsOf, type Tool, type ToolInputGuardrail, type Type } from '@toolwright/core';
import { setToolsOf, type ToolMethodCall } from '@toolwright/core/extend';
import type { ContainerEnhancers } from '../container/container-enhancers';
import { enhancerClassesOf } from '../container/enhancer-classes';
import { guardGuardrails, type GuardDenial } from '../nest-enhancers/guard-guardrails';
import { methodPipeline, type MethodPipeline } from '../nest-enhancers/method-pipeline';
import type { NestEnhancerKit } from '../nest-enhancers/nest-enhancer-kit';
import { checkNestDecorators } from '../nest-enhancers/nest-decorator-checks';
import { describeToolParams } from '../nest-enhancers/tool-params';
import type { ToolkitCandidate } from './toolkit-candidates';

/** What building a toolkit's tools needs from the module. @internal */
export interface ToolBuildContext {
  enhancers: ContainerEnhancers;
  kit: NestEnhancerKit;
  guardDenial: GuardDenial;
  logger: Logger;
}

/**
 * The tools of one toolkit instance, bound to it, with everything the container provides:
 * - `@UseGuardrails` / `@UseInterceptors` classes of `@toolwright/core`, created by the container;
 * - the `@nestjs/common` enhancers of the class and its tool methods: guards as input guardrails,
 *   interceptors, pipes and exception filters around the method (Nest's `ExternalContextCreator`);
 * then made the instance's own (`setToolsOf`), so the instance behaves the same wherever it is
 * passed (`new Agent({ tools: [app.get(WeatherTools)] })`). A test double keeps the toolkit's
 * tools (names, schemas, Toolwright enhancers) and has its methods called directly.
 *
 * @internal
 */
export async function buildToolkitTools(instance: object, candidate: ToolkitCandidate, context: ToolBuildContext): Promise<Tool[]> {
  const where = `${candidate.toolkitClass.name} (in ${candidate.moduleName})`;
  const resolved = new Map<Type, unknown>();
  for (const type of enhancerClassesOf(candidate.toolkitClass)) {
    resolved.set(type, await context.enhancers.resolve(candidate.moduleRef, type, { usedBy: `@UseGuardrails/@UseInterceptors on ${candidate.toolkitClass.name}`, module: candidate.moduleName, consumer: instance }));
  }
  const resolve = (type: Type): unknown => resolved.get(type);
  if (candidate.mocked) return toolsOf(instance, { resolve, toolkitClass: candidate.toolkitClass });

  const cls = instance.constructor;
  checkNestDecorators(cls, candidate.methods, candidate.host, where, (message) => context.logger.warn(message));
  const pipelines = new Map<string, MethodPipeline>();
  const guards = new Map<string, ToolInputGuardrail[]>();
  for (const method of candidate.methods) {
    describeToolParams(cls, method);
    const declared = (instance as Record<string, unknown>)[method] as Function;
    const methodGuards = context.kit.guards.create(instance, declared as never, candidate.host.token);
    if (methodGuards.length > 0) guards.set(method, guardGuardrails(methodGuards, cls, declared, context.guardDenial));
    const pipeline = methodPipeline(context.kit, instance, cls, method, candidate.host.token);
    if (pipeline !== undefined) pipelines.set(method, pipeline);
  }
  const call = pipelines.size === 0 ? undefined : (c: ToolMethodCall) => (pipelines.get(c.method) ?? direct)(c);
  const tools = toolsOf(instance, { resolve, call }).map((tool) => {
    const nestGuards = guards.get(methodOf(tool, candidate.methods));
    return nestGuards === undefined ? tool : { ...tool, inputGuardrails: [...tool.inputGuardrails, ...nestGuards] };
  });
  setToolsOf(instance, tools);
  return tools;
}

function direct(call: ToolMethodCall): unknown {
  return ((call.instance as Record<string, unknown>)[call.method] as Function).apply(call.instance, call.values);
}

/** The method a decorated tool runs: its `source` is `Class.method`. */
function methodOf(tool: Tool, methods: readonly string[]): string {
  return methods.find((m) => tool.source?.endsWith(`.${m}`) === true) ?? '';
}

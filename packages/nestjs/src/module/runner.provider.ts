import type { FactoryProvider } from '@nestjs/common';
import { ModuleRef, ModulesContainer } from '@nestjs/core';
import {
  Runner, UserError, type ApprovalPolicy, type GuardrailEntry, type InterceptorEntry, type ToolInputGuardrail, type ToolInterceptor, type ToolOutputGuardrail, type Type,
} from '@toolwright/core';
import { RunLifecycle } from '../cancellation/run-lifecycle';
import { ToolwrightRunner } from '../cancellation/toolwright-runner';
import type { ContainerEnhancers } from '../container/container-enhancers';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { moduleName, moduleOf } from '../container/module-names';
import { ToolkitRegistry } from '../discovery/toolkit-registry';
import type { ApprovalPolicyEntry, ToolwrightModuleOptions } from '../options/toolwright-module-options';

type Resolve = (entry: Type, what: string) => Promise<unknown>;

/**
 * Builds the application's `Runner` from the module options. Guardrail, interceptor and policy
 * classes are resolved in the Toolwright module: a provider it can see (its imports, global
 * modules), or an instance the container creates there, with its lifecycle hooks. Its runs end
 * when the application shuts down (see `RunLifecycle`).
 *
 * @internal
 */
export async function createRunner(options: ToolwrightModuleOptions, moduleRef: ModuleRef, toolkits: ToolkitRegistry, lifecycle: RunLifecycle, modules: ModulesContainer): Promise<Runner> {
  checkShutdownGrace(options.shutdownGraceMs);
  const host = moduleOf(moduleRef, modules);
  const module = host === undefined ? 'ToolwrightModule' : moduleName(host, modules);
  const resolve: Resolve = (entry, what) => resolveIn(toolkits.enhancers, moduleRef, entry, `ToolwrightModule options: ${what}`, module);
  const guardrails = await Promise.all((options.guardrails ?? []).map((entry, i) => resolveGuardrail(entry, i, resolve)));
  const interceptors = await Promise.all((options.interceptors ?? []).map((entry, i) => resolveInterceptor(entry, i, resolve)));
  const approvalPolicies = await Promise.all((options.approvalPolicies ?? []).map((entry, i) => resolveApprovalPolicy(entry, i, resolve)));
  if (options.sessionFor !== undefined && typeof options.sessionFor !== 'function') {
    throw new UserError('ToolwrightModule options: sessionFor must be a function (context, agent) => Session | undefined, e.g. (ctx) => new PostgresSession({ pool, id: ctx.conversationId }).');
  }
  return new ToolwrightRunner({ ...options.runner, model: options.model, guardrails, interceptors, approvalPolicies }, lifecycle, options.sessionFor);
}

/** The `Runner` provider of `ToolwrightModule`. @internal */
export const runnerProvider: FactoryProvider<Promise<Runner>> = {
  provide: Runner,
  inject: [TOOLWRIGHT_MODULE_OPTIONS, ModuleRef, ToolkitRegistry, RunLifecycle, ModulesContainer],
  useFactory: createRunner,
};

function resolveIn(enhancers: ContainerEnhancers, moduleRef: ModuleRef, entry: Type, usedBy: string, module: string): Promise<unknown> {
  return enhancers.resolve(moduleRef, entry, { usedBy, module });
}

function checkShutdownGrace(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new UserError(`ToolwrightModule options: shutdownGraceMs must be a number of milliseconds (0 or more), got ${String(value)}.`);
  }
}

async function resolveGuardrail(entry: GuardrailEntry, index: number, resolve: Resolve): Promise<ToolInputGuardrail | ToolOutputGuardrail> {
  const value = typeof entry === 'function' ? await resolve(entry as Type, `guardrails[${index}]`) : entry;
  const g = value as Partial<ToolInputGuardrail | ToolOutputGuardrail> | undefined;
  if ((g?.kind === 'input' || g?.kind === 'output') && typeof g.check === 'function') return g as ToolInputGuardrail | ToolOutputGuardrail;
  throw new UserError(
    `ToolwrightModule options: guardrails[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} is not a tool guardrail (it needs kind "input" or "output" and a check() method). ` +
      'Fix: implement ToolInputGuardrail / ToolOutputGuardrail, or use defineToolInputGuardrail(...) / defineToolOutputGuardrail(...).',
  );
}

async function resolveInterceptor(entry: InterceptorEntry, index: number, resolve: Resolve): Promise<ToolInterceptor> {
  const value = typeof entry === 'function' ? await resolve(entry as Type, `interceptors[${index}]`) : entry;
  if (typeof (value as Partial<ToolInterceptor> | undefined)?.intercept === 'function') return value as ToolInterceptor;
  throw new UserError(
    `ToolwrightModule options: interceptors[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} has no intercept(invocation, next) method. Fix: implement ToolInterceptor.`,
  );
}

async function resolveApprovalPolicy(entry: ApprovalPolicyEntry, index: number, resolve: Resolve): Promise<ApprovalPolicy> {
  const value = typeof entry === 'function' ? await resolve(entry as Type, `approvalPolicies[${index}]`) : entry;
  const p = value as Partial<ApprovalPolicy> | undefined;
  if (typeof p?.name === 'string' && typeof p.requiresApproval === 'function') return p as ApprovalPolicy;
  throw new UserError(
    `ToolwrightModule options: approvalPolicies[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} is not an approval policy (it needs a name and a requiresApproval(input, ctx) method). ` +
      'Fix: implement ApprovalPolicy, or use requireApprovalFor(...) / defineApprovalPolicy(...).',
  );
}

import type { FactoryProvider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  Runner, UserError, type ApprovalPolicy, type GuardrailEntry, type InterceptorEntry, type ToolInputGuardrail, type ToolInterceptor, type ToolOutputGuardrail,
} from '@toolwright/core';
import { resolveOrCreate } from '../container/container-resolver';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import type { ApprovalPolicyEntry, ToolwrightModuleOptions } from './toolwright-module-options';

/**
 * Builds the application's `Runner` from the module options. Guardrail and interceptor classes
 * are resolved in the Toolwright module: a provider it can see (its imports, global modules), or
 * a new instance with its dependencies injected from there.
 *
 * @internal
 */
export async function createRunner(options: ToolwrightModuleOptions, moduleRef: ModuleRef): Promise<Runner> {
  const guardrails = await Promise.all((options.guardrails ?? []).map((entry, i) => resolveGuardrail(entry, i, moduleRef)));
  const interceptors = await Promise.all((options.interceptors ?? []).map((entry, i) => resolveInterceptor(entry, i, moduleRef)));
  const approvalPolicies = await Promise.all((options.approvalPolicies ?? []).map((entry, i) => resolveApprovalPolicy(entry, i, moduleRef)));
  return new Runner({ ...options.runner, model: options.model, guardrails, interceptors, approvalPolicies });
}

/** The `Runner` provider of `ToolwrightModule`. @internal */
export const runnerProvider: FactoryProvider<Promise<Runner>> = {
  provide: Runner,
  inject: [TOOLWRIGHT_MODULE_OPTIONS, ModuleRef],
  useFactory: createRunner,
};

async function resolveGuardrail(entry: GuardrailEntry, index: number, moduleRef: ModuleRef): Promise<ToolInputGuardrail | ToolOutputGuardrail> {
  const value = typeof entry === 'function' ? await resolveOrCreate(moduleRef, entry) : entry;
  const g = value as Partial<ToolInputGuardrail | ToolOutputGuardrail> | undefined;
  if ((g?.kind === 'input' || g?.kind === 'output') && typeof g.check === 'function') return g as ToolInputGuardrail | ToolOutputGuardrail;
  throw new UserError(
    `ToolwrightModule options: guardrails[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} is not a tool guardrail (it needs kind "input" or "output" and a check() method). ` +
      'Fix: implement ToolInputGuardrail / ToolOutputGuardrail, or use defineToolInputGuardrail(...) / defineToolOutputGuardrail(...).',
  );
}

async function resolveInterceptor(entry: InterceptorEntry, index: number, moduleRef: ModuleRef): Promise<ToolInterceptor> {
  const value = typeof entry === 'function' ? await resolveOrCreate(moduleRef, entry) : entry;
  if (typeof (value as Partial<ToolInterceptor> | undefined)?.intercept === 'function') return value as ToolInterceptor;
  throw new UserError(
    `ToolwrightModule options: interceptors[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} has no intercept(invocation, next) method. Fix: implement ToolInterceptor.`,
  );
}

async function resolveApprovalPolicy(entry: ApprovalPolicyEntry, index: number, moduleRef: ModuleRef): Promise<ApprovalPolicy> {
  const value = typeof entry === 'function' ? await resolveOrCreate(moduleRef, entry) : entry;
  const p = value as Partial<ApprovalPolicy> | undefined;
  if (typeof p?.name === 'string' && typeof p.requiresApproval === 'function') return p as ApprovalPolicy;
  throw new UserError(
    `ToolwrightModule options: approvalPolicies[${index}]${typeof entry === 'function' ? ` (${entry.name})` : ''} is not an approval policy (it needs a name and a requiresApproval(input, ctx) method). ` +
      'Fix: implement ApprovalPolicy, or use requireApprovalFor(...) / defineApprovalPolicy(...).',
  );
}

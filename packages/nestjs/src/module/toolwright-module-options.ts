import type { FactoryProvider, ModuleMetadata } from '@nestjs/common';
import type { ApprovalPolicy, GuardrailEntry, InterceptorEntry, Model, RunnerOptions, Type } from '@toolwright/core';

/**
 * Runner defaults set by the module: everything `new Runner(...)` takes besides the model and the
 * enhancers (`maxTurns`, `maxToolConcurrency`, `approvalHandler`, `guardrailsBeforeApproval`, ...).
 */
export type ToolwrightRunnerDefaults = Omit<RunnerOptions, 'model' | 'guardrails' | 'interceptors' | 'approvalPolicies'>;

/** Something `approvalPolicies` accepts: a policy object (`requireApprovalFor(...)`) or a class implementing one. */
export type ApprovalPolicyEntry = ApprovalPolicy | Type<ApprovalPolicy>;

/**
 * Options of `ToolwrightModule.forRoot(...)`. Guardrail and interceptor classes are instantiated
 * by the Nest container (see the README: "Guardrails and interceptors from the container").
 */
export interface ToolwrightModuleOptions {
  /** The model runs use when the agent has none. */
  model?: Model;
  /** Defaults of the injected `Runner`: `maxTurns`, `maxToolConcurrency`, `parallelToolCalls`, ... */
  runner?: ToolwrightRunnerDefaults;
  /** Guardrails applied to every tool call of every run, before the tools' own: objects or classes. */
  guardrails?: GuardrailEntry[];
  /** Interceptors wrapped around every tool call of every run, outside the tools' own: objects or classes. */
  interceptors?: InterceptorEntry[];
  /**
   * Runner-level approval policies (e.g. `requireApprovalFor('delete_*')`): objects or classes
   * whose dependencies the container injects.
   */
  approvalPolicies?: ApprovalPolicyEntry[];
  /** Whether discovered toolkits and agents are logged when the application starts (default true). */
  logDiscovery?: boolean;
}

/** Options of `ToolwrightModule.forRoot(...)` that shape the module itself. */
export interface ToolwrightModuleExtras {
  /** Modules whose exported providers the guardrail and interceptor classes of the options inject. */
  imports?: ModuleMetadata['imports'];
  /** Register the module globally, so `Runner` and the registries inject everywhere (default true). */
  global?: boolean;
}

/**
 * Options of `ToolwrightModule.forRootAsync(...)`: the options come from a factory with injected
 * dependencies (for example `ConfigService`).
 *
 * @example
 * ToolwrightModule.forRootAsync({
 *   imports: [ConfigModule],
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({ model: new OpenAIResponsesModel({ model: config.get('MODEL') }) }),
 * })
 */
export interface ToolwrightModuleAsyncOptions extends ToolwrightModuleExtras {
  useFactory: (...args: any[]) => ToolwrightModuleOptions | Promise<ToolwrightModuleOptions>;
  inject?: FactoryProvider['inject'];
}

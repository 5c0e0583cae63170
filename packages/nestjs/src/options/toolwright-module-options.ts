import type { FactoryProvider, ModuleMetadata, Type as NestType } from '@nestjs/common';
import type { Agent, ApprovalPolicy, GuardrailEntry, InterceptorEntry, Model, RunnerOptions, RunStore, Session, Type } from '@toolwright/core';
import type { GuardDenial } from '../nest-enhancers/guard-guardrails';

/**
 * Runner defaults set by the module: everything `new Runner(...)` takes besides the model and the
 * enhancers (`maxTurns`, `maxToolConcurrency`, `approvalHandler`, `persistContext`, ...).
 */
export type ToolwrightRunnerDefaults = Omit<RunnerOptions, 'model' | 'guardrails' | 'interceptors' | 'approvalPolicies'>;

/** Something `approvalPolicies` accepts: a policy object (`requireApprovalFor(...)`) or a class implementing one. */
export type ApprovalPolicyEntry = ApprovalPolicy | Type<ApprovalPolicy>;

/**
 * Names the session (conversation) of a run from its context — e.g. the user and conversation id
 * an HTTP request carried — or `undefined` for a run without one. Called once per run.
 *
 * @example
 * sessionFor: (ctx: ChatContext) => ctx.conversation ? new PostgresSession({ pool, id: `${ctx.tenant}:${ctx.user}:${ctx.conversation}` }) : undefined
 */
export type SessionFor = (context: any, agent: Agent<any>) => Session | undefined;

/**
 * Options of `ToolwrightModule.forRoot(...)`. Guardrail and interceptor classes are instantiated
 * by the Nest container (see the README: "Guardrails and interceptors from the container").
 */
export interface ToolwrightModuleOptions {
  /** The model runs use when the agent has none. */
  model?: Model;
  /**
   * Where paused runs are kept, injectable with `@InjectRunStore()` (token `RUN_STORE`): a
   * `PostgresRunStore` or `RedisRunStore` shared by every replica (default: an in-memory store,
   * one process only). Pass it to `runner.run(agent, input, { store })` and `runner.resume(agent, runId, { store })`.
   */
  store?: RunStore;
  /**
   * The session of each run of the injected `Runner`, from the run's context (`{ context }`): the
   * model sees the conversation so far and the run's items are appended to it (see `Session`).
   * A run given `{ session }` (even `undefined`) keeps its own. Applies to `run`, `stream` and `resume`.
   */
  sessionFor?: SessionFor;
  /** Defaults of the injected `Runner`: `maxTurns`, `maxToolConcurrency`, `parallelToolCalls`, `persistContext`, ... */
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
  /**
   * What a Nest guard on a tool (`@UseGuards` of `@nestjs/common`) denying a call does: `'refuse'`
   * (default) feeds "The call was refused by RolesGuard: ..." to the model and the run goes on;
   * `'fail'` ends the run with `GuardrailTripwireError` (HTTP 403 with `ToolwrightExceptionFilter`).
   */
  guardDenial?: GuardDenial;
  /**
   * Whether the application's global enhancers (`app.useGlobalGuards(...)`, `APP_GUARD`,
   * `APP_INTERCEPTOR`, `APP_PIPE`, `APP_FILTER`, ...) also run for tool calls (default false).
   * They are usually written for HTTP; turn this on when yours check `isToolCall(context)`.
   */
  globalEnhancers?: boolean;
  /**
   * On shutdown (`app.close()`, or a signal with `enableShutdownHooks()`), how long runs in
   * flight may go on before they are aborted, in milliseconds (default 0: aborted at once).
   */
  shutdownGraceMs?: number;
}

/** Options of `ToolwrightModule.forRoot(...)` that shape the module itself. */
export interface ToolwrightModuleExtras {
  /** Modules whose exported providers the guardrail and interceptor classes of the options inject. */
  imports?: ModuleMetadata['imports'];
  /** Register the module globally, so `Runner`, the registries and the agents inject everywhere (default true). */
  global?: boolean;
}

/** A class that builds the module options, for `forRootAsync({ useClass })` / `({ useExisting })`. */
export interface ToolwrightOptionsFactory {
  createToolwrightOptions(): ToolwrightModuleOptions | Promise<ToolwrightModuleOptions>;
}

/**
 * Options of `ToolwrightModule.forRootAsync(...)`: the options come from a factory with injected
 * dependencies, a `ToolwrightOptionsFactory` class the module creates (`useClass`), or one
 * provided elsewhere (`useExisting`), as Nest's `ConfigurableModuleBuilder` modules do.
 *
 * @example
 * ToolwrightModule.forRootAsync({
 *   imports: [ConfigModule],
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({ model: new OpenAIResponsesModel({ model: config.get('MODEL') }) }),
 * })
 * ToolwrightModule.forRootAsync({ imports: [ConfigModule], useClass: ToolwrightConfig })
 */
export interface ToolwrightModuleAsyncOptions extends ToolwrightModuleExtras {
  useFactory?: (...args: any[]) => ToolwrightModuleOptions | Promise<ToolwrightModuleOptions>;
  inject?: FactoryProvider['inject'];
  useClass?: NestType<ToolwrightOptionsFactory>;
  useExisting?: NestType<ToolwrightOptionsFactory>;
}

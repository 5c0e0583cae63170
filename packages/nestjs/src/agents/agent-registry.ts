import { Inject, Injectable, Logger, Scope, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { Module } from '@nestjs/core/injector/module';
import { Agent, UserError, type Instructions, type RunContext, type ToolEntry } from '@toolwright/core';
import { resolveVisible } from '../container/container-resolver';
import { TOOLWRIGHT_LOGGER_CONTEXT, TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { ToolkitRegistry } from '../discovery/toolkit-registry';
import type { ToolwrightModuleOptions } from '../module/toolwright-module-options';
import { agentDefinitionOf } from './agent-definition.decorator';
import type { AgentDefinitionOptions, AgentToolEntry } from './agent-definition-options';

interface RegisteredAgent {
  agent: Agent<any>;
  /** Where it was defined, for messages: `SupportAgent in AppModule`, `factory in ToolwrightFeatureModule`. */
  source: string;
}

/**
 * The application's agents by name: every provider class with `@AgentDefinition` (any module)
 * and every factory agent of `ToolwrightModule.forFeature`, built once with their toolkit
 * classes resolved from the container.
 *
 * @example
 * const agent = app.get(AgentRegistry).get('support');
 */
@Injectable()
export class AgentRegistry implements OnModuleInit {
  private readonly logger = new Logger(TOOLWRIGHT_LOGGER_CONTEXT);
  private readonly agents = new Map<string, RegisteredAgent>();
  private readonly byDefinition = new WeakMap<object, Promise<Agent<any>>>();
  private initialised = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly toolkits: ToolkitRegistry,
    @Inject(TOOLWRIGHT_MODULE_OPTIONS) private readonly options: ToolwrightModuleOptions,
  ) {}

  /** Builds every `@AgentDefinition` provider of the application and logs the agents. */
  async onModuleInit(): Promise<void> {
    await this.toolkits.onModuleInit();
    for (const wrapper of this.discovery.getProviders()) {
      const cls = wrapper.isFactory ? undefined : wrapper.metatype;
      const definition = typeof cls === 'function' ? agentDefinitionOf(cls) : undefined;
      if (cls === undefined || cls === null || definition === undefined || !wrapper.host) continue;
      const host = wrapper.host as Module;
      const where = `${cls.name} (in ${host.metatype?.name ?? host.name})`;
      if (wrapper.scope === Scope.REQUEST || !wrapper.isDependencyTreeStatic()) {
        throw new UserError(
          `Agent provider ${where} is request-scoped. Agents are built once when the application starts. ` +
            'Fix: remove the request scope; per-request data reaches tools through the run context (runner.run(agent, input, { context })).',
        );
      }
      const moduleRef = host.providers.get(ModuleRef)?.instance as ModuleRef;
      const instance = wrapper.isTransient ? await resolveVisible<object>(moduleRef, wrapper.token) : (wrapper.instance as object);
      await this.fromClass(instance as object, moduleRef, where);
    }
    this.initialised = true;
    if (this.options.logDiscovery !== false) {
      for (const { agent, source } of this.agents.values()) {
        this.logger.log(`Agent "${agent.name}" (${source}): ${describeTools(agent.tools)}`);
      }
    }
  }

  /** The agent named `name`. @throws UserError naming the known agents when there is none. */
  get<TContext = any>(name: string): Agent<TContext> {
    const found = this.agents.get(name);
    if (found !== undefined) return found.agent as Agent<TContext>;
    const known = [...this.agents.keys()];
    const hint = this.initialised
      ? `Known agents: ${known.length > 0 ? known.map((n) => `"${n}"`).join(', ') : 'none'}. Fix: declare it with @AgentDefinition({ name: '${name}', ... }) on a provider, or in ToolwrightModule.forFeature({ agents }).`
      : 'Agents are built when the application initialises. Fix: call it after await app.init() (or app.listen()), or inject the agent with @InjectAgent(name).';
    throw new UserError(`No agent named "${name}". ${hint}`);
  }

  /** Whether an agent named `name` exists. */
  has(name: string): boolean {
    return this.agents.has(name);
  }

  /** Every agent, in the order they were built (what `RunState.fromString` needs to resume). */
  list(): Agent<any>[] {
    return [...this.agents.values()].map((r) => r.agent);
  }

  /**
   * The agent of an `@AgentDefinition` provider instance, built once; its toolkit classes are
   * resolved from the module of `moduleRef`.
   *
   * @internal used by the providers of `ToolwrightModule.forFeature`.
   */
  fromClass(instance: object, moduleRef: ModuleRef, where: string): Promise<Agent<any>> {
    let agent = this.byDefinition.get(instance);
    if (agent === undefined) {
      const definition = agentDefinitionOf(instance.constructor);
      if (definition === undefined) throw new UserError(`${where} has no @AgentDefinition({ name, ... }). Fix: decorate the class.`);
      agent = this.build(definition, moduleRef, where, instance);
      this.byDefinition.set(instance, agent);
    }
    return agent;
  }

  /**
   * Builds and registers an agent from a factory's options.
   *
   * @internal used by the providers of `ToolwrightModule.forFeature`.
   */
  fromFactory(name: string, options: Omit<AgentDefinitionOptions, 'name'>, moduleRef: ModuleRef, where: string): Promise<Agent<any>> {
    if (typeof options !== 'object' || options === null) {
      return Promise.reject(new UserError(`${where}: useFactory must return the agent's options ({ instructions, tools, ... }), got ${String(options)}.`));
    }
    return this.build({ ...options, name }, moduleRef, where, undefined);
  }

  private async build(definition: AgentDefinitionOptions, moduleRef: ModuleRef, where: string, instance: object | undefined): Promise<Agent<any>> {
    const consumer = `Agent "${definition.name}" (${where})`;
    const tools = await this.resolveTools(definition.tools ?? [], moduleRef, consumer);
    const method = (instance as { instructions?: unknown } | undefined)?.instructions;
    const instructions: Instructions<any> | undefined =
      definition.instructions ??
      (typeof method === 'function' ? (ctx: RunContext<any>, agent: Agent<any>) => (method as Function).call(instance, ctx, agent) as string | Promise<string> : undefined);
    const agent = new Agent({ ...definition, tools, instructions });
    const existing = this.agents.get(agent.name);
    if (existing !== undefined) {
      throw new UserError(`Two agents are named "${agent.name}": ${existing.source} and ${where}. Agent names must be unique (RunState finds the agent to resume by name). Fix: rename one.`);
    }
    this.agents.set(agent.name, { agent, source: where });
    return agent;
  }

  private async resolveTools(entries: readonly AgentToolEntry[], moduleRef: ModuleRef, consumer: string): Promise<ToolEntry[]> {
    const out: ToolEntry[] = [];
    for (const entry of entries) {
      if (typeof entry === 'function') out.push(...(await this.toolkits.resolve(entry, moduleRef, consumer)).tools);
      else if (Array.isArray(entry)) out.push(...(await this.resolveTools(entry, moduleRef, consumer)));
      else out.push(entry);
    }
    return out;
  }
}

function describeTools(tools: readonly ToolEntry[]): string {
  const names = tools.flat(Infinity as 1).map((t) => (typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string' ? (t as { name: string }).name : (t as object)?.constructor?.name ?? '?'));
  return names.length > 0 ? names.join(', ') : 'no tools';
}

import { Inject, Injectable, Logger, Scope, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, ModuleRef, ModulesContainer } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { Module } from '@nestjs/core/injector/module';
import { Agent, UserError, type Instructions, type RunContext, type ToolEntry } from '@toolwright/core';
import { resolveVisible } from '../container/container-resolver';
import { TOOLWRIGHT_LOGGER_CONTEXT, TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { moduleName } from '../container/module-names';
import { ToolkitRegistry } from '../discovery/toolkit-registry';
import type { ToolwrightModuleOptions } from '../options/toolwright-module-options';
import { consumersOf, missingAgent } from './agent-consumers';
import { agentDefinitionOf } from './agent-definition.decorator';
import type { AgentDefinitionOptions } from './agent-definition-options';
import { resolveAgentTools } from './agent-tools';
import { getAgentToken } from './inject-agent.decorator';

interface RegisteredAgent {
  agent: Agent<any>;
  /** Where it was defined, for messages: `SupportAgent (in AppModule)`. */
  source: string;
}

/**
 * The application's agents by name: every provider class with `@AgentDefinition` (any module)
 * and every factory agent of `ToolwrightModule.forFeature`, built once with their toolkit
 * classes resolved from the container, and their tool sets checked.
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
    private readonly modules: ModulesContainer,
    private readonly toolkits: ToolkitRegistry,
    @Inject(TOOLWRIGHT_MODULE_OPTIONS) private readonly options: ToolwrightModuleOptions,
  ) {}

  /** Builds every `@AgentDefinition` provider of the application and logs the agents. */
  async onModuleInit(): Promise<void> {
    await this.toolkits.onModuleInit();
    for (const wrapper of this.discovery.getProviders()) {
      if (this.definitionOf(wrapper) === undefined) continue;
      const { instance, moduleRef, where } = await this.definitionInstance(wrapper);
      await this.fromClass(instance, moduleRef, where);
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
   * The agent `@InjectAgent(name)` gets: the `@AgentDefinition` provider of that name, or the
   * agent a `forFeature` module provides under the token. Fails, naming the consumers, when
   * something in the application injects a name no agent has.
   *
   * @internal used by the agent token providers of `ToolwrightModule`.
   */
  async forInjection(name: string): Promise<Agent<any>> {
    for (const wrapper of this.discovery.getProviders()) {
      if (this.definitionOf(wrapper)?.name !== name) continue;
      const { instance, moduleRef, where } = await this.definitionInstance(wrapper);
      return this.fromClass(instance, moduleRef, where);
    }
    const token = getAgentToken(name);
    for (const module of this.modules.values()) {
      if (!module.providers.has(token) || module.providers.get(AgentRegistry)?.instance === this) continue;
      const moduleRef = module.providers.get(ModuleRef)?.instance as ModuleRef;
      const agent = await resolveVisible<Agent<any>>(moduleRef, token);
      if (agent !== undefined) return agent;
    }
    const consumers = consumersOf(token, this.modules);
    if (consumers.length > 0) {
      throw new UserError(
        `${consumers.join(', ')} inject${consumers.length === 1 ? 's' : ''} @InjectAgent('${name}'), but no agent is named "${name}". ` +
          `Fix: declare it with @AgentDefinition({ name: '${name}', ... }) on a provider, or in ToolwrightModule.forFeature({ agents }), or inject an agent that exists.`,
      );
    }
    return missingAgent(name);
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

  /** The module of a `ModuleRef`, named as its author knows it (for `forFeature` providers). @internal */
  moduleNameOf(moduleRef: ModuleRef): string {
    for (const module of this.modules.values()) {
      if (module.providers.get(ModuleRef)?.instance === moduleRef) return moduleName(module, this.modules);
    }
    return 'an unknown module';
  }

  private definitionOf(wrapper: InstanceWrapper): AgentDefinitionOptions | undefined {
    const cls = wrapper.isFactory ? undefined : wrapper.metatype;
    return typeof cls === 'function' && wrapper.host ? agentDefinitionOf(cls) : undefined;
  }

  private async definitionInstance(wrapper: InstanceWrapper): Promise<{ instance: object; moduleRef: ModuleRef; where: string }> {
    const host = wrapper.host as Module;
    const where = `${(wrapper.metatype as Function).name} (in ${moduleName(host, this.modules)})`;
    if (wrapper.scope === Scope.REQUEST || !wrapper.isDependencyTreeStatic()) {
      throw new UserError(
        `Agent provider ${where} is request-scoped. Agents are built once when the application starts. ` +
          'Fix: remove the request scope; per-request data reaches tools through the run context (runner.run(agent, input, { context })).',
      );
    }
    const moduleRef = host.providers.get(ModuleRef)?.instance as ModuleRef;
    const instance = (await resolveVisible<object>(moduleRef, wrapper.token)) as object;
    return { instance, moduleRef, where };
  }

  private async build(definition: AgentDefinitionOptions, moduleRef: ModuleRef, where: string, instance: object | undefined): Promise<Agent<any>> {
    const consumer = `Agent "${definition.name}" (${where})`;
    const tools = await resolveAgentTools(definition.tools ?? [], (token) => this.toolkits.resolve(token, moduleRef, consumer), consumer);
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
}

function describeTools(tools: readonly ToolEntry[]): string {
  const names = tools.flat(Infinity as 1).map((t) => (typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string' ? (t as { name: string }).name : (t as object)?.constructor?.name ?? '?'));
  return names.length > 0 ? names.join(', ') : 'no tools';
}

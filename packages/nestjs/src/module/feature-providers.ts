import type { FactoryProvider, Provider, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { UserError, type Agent } from '@toolwright/core';
import { agentDefinitionOf } from '../agents/agent-definition.decorator';
import type { AgentFactoryDefinition } from '../agents/agent-definition-options';
import { AgentRegistry } from '../agents/agent-registry';
import { getAgentToken } from '../agents/inject-agent.decorator';

/**
 * The providers for the agents of one `forFeature` call: the `@AgentDefinition` classes
 * themselves, and for every agent a provider of its `Agent` under `getAgentToken(name)`.
 *
 * @internal
 */
export function agentProviders(agents: ReadonlyArray<Type | AgentFactoryDefinition>): { providers: Provider[]; tokens: string[] } {
  const providers: Provider[] = [];
  const tokens: string[] = [];
  agents.forEach((entry, index) => {
    if (typeof entry === 'function') {
      const definition = agentDefinitionOf(entry);
      if (definition === undefined) {
        throw new UserError(`ToolwrightModule.forFeature: agents[${index}] (${entry.name}) has no @AgentDefinition. Fix: decorate the class with @AgentDefinition({ name, instructions, tools }).`);
      }
      const token = getAgentToken(definition.name);
      const provider: FactoryProvider<Promise<Agent<any>>> = {
        provide: token,
        inject: [AgentRegistry, ModuleRef, entry],
        useFactory: (registry: AgentRegistry, moduleRef: ModuleRef, instance: object) => registry.fromClass(instance, moduleRef, `${entry.name} (in ${registry.moduleNameOf(moduleRef)})`),
      };
      providers.push(entry, provider);
      tokens.push(token);
      return;
    }
    if (typeof entry !== 'object' || entry === null || typeof entry.name !== 'string' || entry.name.trim() === '' || typeof entry.useFactory !== 'function') {
      throw new UserError(`ToolwrightModule.forFeature: agents[${index}] must be an @AgentDefinition class or { name, useFactory, inject? }.`);
    }
    const token = getAgentToken(entry.name);
    const provider: FactoryProvider<Promise<Agent<any>>> = {
      provide: token,
      inject: [AgentRegistry, ModuleRef, ...(entry.inject ?? [])],
      useFactory: async (registry: AgentRegistry, moduleRef: ModuleRef, ...deps: unknown[]) =>
        registry.fromFactory(entry.name, await entry.useFactory(...deps), moduleRef, `factory of agent "${entry.name}" in ${registry.moduleNameOf(moduleRef)}`),
    };
    providers.push(provider);
    tokens.push(token);
  });
  return { providers, tokens };
}

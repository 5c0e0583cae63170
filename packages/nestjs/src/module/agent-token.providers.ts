import type { FactoryProvider } from '@nestjs/common';
import type { Agent } from '@toolwright/core';
import { AgentRegistry } from '../agents/agent-registry';
import { getAgentToken, injectedAgentNames } from '../agents/inject-agent.decorator';

/**
 * Providers of `getAgentToken(name)` for every name `@InjectAgent(name)` was called with, in the
 * (global) Toolwright module, so any agent of the application can be injected: one defined by an
 * `@AgentDefinition` provider in any module, or one of a `forFeature` module. Read when Nest
 * scans the module (every decorated class is loaded by then). @internal
 */
export function agentTokenProviders(): Array<FactoryProvider<Promise<Agent<any>>>> {
  return injectedAgentNames().map((name) => ({
    provide: getAgentToken(name),
    inject: [AgentRegistry],
    useFactory: (registry: AgentRegistry) => registry.forInjection(name),
  }));
}

/** The tokens of {@link agentTokenProviders}, to export. @internal */
export function agentTokens(): string[] {
  return injectedAgentNames().map(getAgentToken);
}

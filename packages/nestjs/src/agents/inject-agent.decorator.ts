import { Inject } from '@nestjs/common';
import { AGENT_TOKEN_PREFIX } from '../constants/toolwright.constants';

const injected = new Set<string>();

/** The injection token of the agent named `name` (what `@InjectAgent(name)` injects). */
export function getAgentToken(name: string): string {
  return `${AGENT_TOKEN_PREFIX}${name}`;
}

/**
 * Injects the `Agent` named `name`: any `@AgentDefinition` provider of the application, or an
 * agent of `ToolwrightModule.forFeature({ agents })`. The global Toolwright module provides the
 * token; a consumer of an agent nobody defines fails start-up, naming itself and the agent.
 *
 * @example
 * constructor(@InjectAgent('support') private readonly agent: Agent, private readonly runner: Runner) {}
 */
export function InjectAgent(name: string): PropertyDecorator & ParameterDecorator {
  injected.add(name);
  return Inject(getAgentToken(name));
}

/** The names `@InjectAgent(name)` was called with so far (in this process). @internal */
export function injectedAgentNames(): string[] {
  return [...injected];
}

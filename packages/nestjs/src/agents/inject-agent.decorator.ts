import { Inject } from '@nestjs/common';
import { AGENT_TOKEN_PREFIX } from '../constants/toolwright.constants';

/** The injection token of an agent provided through `ToolwrightModule.forFeature({ agents })`. */
export function getAgentToken(name: string): string {
  return `${AGENT_TOKEN_PREFIX}${name}`;
}

/**
 * Injects the `Agent` named `name`, provided through `ToolwrightModule.forFeature({ agents })`.
 *
 * @example
 * constructor(@InjectAgent('support') private readonly agent: Agent, private readonly runner: Runner) {}
 */
export function InjectAgent(name: string): PropertyDecorator & ParameterDecorator {
  return Inject(getAgentToken(name));
}

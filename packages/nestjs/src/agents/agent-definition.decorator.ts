import { UserError } from '@toolwright/core';
import { AGENT_DEFINITION_METADATA } from '../constants/toolwright.constants';
import type { AgentDefinitionOptions } from './agent-definition-options';

/**
 * Declares an agent on a provider class. The class is an ordinary provider (any module, its own
 * injected dependencies); Toolwright builds the `Agent` when the application initialises, with
 * the toolkit classes in `tools` resolved from the container. Without an `instructions` option, a
 * method `instructions(ctx, agent)` of the class gives them per run.
 *
 * @example
 * @AgentDefinition({ name: 'support', instructions: 'Help the customer.', tools: [WeatherTools, BillingTools] })
 * @Injectable()
 * export class SupportAgent {}
 */
export function AgentDefinition(options: AgentDefinitionOptions): ClassDecorator {
  return (target: Function) => {
    const where = `@AgentDefinition on ${target.name || '<anonymous class>'}`;
    if (typeof options !== 'object' || options === null) throw new UserError(`${where}: options must be an object, e.g. { name: 'support', tools: [...] }.`);
    if (typeof options.name !== 'string' || options.name.trim() === '') throw new UserError(`${where}: name must be a non-empty string.`);
    if (options.tools !== undefined && !Array.isArray(options.tools)) throw new UserError(`${where}: tools must be an array, e.g. tools: [WeatherTools].`);
    Reflect.defineMetadata(AGENT_DEFINITION_METADATA, { ...options }, target);
  };
}

/** The `@AgentDefinition` options of a class, if it has them. @internal */
export function agentDefinitionOf(target: Function): AgentDefinitionOptions | undefined {
  return Reflect.getMetadata(AGENT_DEFINITION_METADATA, target) as AgentDefinitionOptions | undefined;
}

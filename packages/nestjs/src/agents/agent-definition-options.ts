import type { InjectionToken } from '@nestjs/common';
import type { AgentConfig, ToolEntry, Type } from '@toolwright/core';

/**
 * A tool entry of an agent provider: a toolkit class (or another injection token of a toolkit
 * provider), resolved from the container, or anything `Agent` accepts (`Tool`, `Toolset`,
 * decorated instance, arrays).
 */
export type AgentToolEntry = Type | ToolEntry;

/** Options of `@AgentDefinition(...)`: an `AgentConfig` whose `tools` may name toolkit classes. */
export interface AgentDefinitionOptions<TContext = any> extends Omit<AgentConfig<TContext>, 'tools'> {
  tools?: AgentToolEntry[];
}

/**
 * An agent built by a factory with injected dependencies, for `ToolwrightModule.forFeature`.
 *
 * @example
 * {
 *   name: 'triage',
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({ instructions: config.get('TRIAGE_PROMPT'), tools: [WeatherTools] }),
 * }
 */
export interface AgentFactoryDefinition<TContext = any> {
  name: string;
  inject?: InjectionToken[];
  useFactory: (...deps: any[]) => Omit<AgentDefinitionOptions<TContext>, 'name'> | Promise<Omit<AgentDefinitionOptions<TContext>, 'name'>>;
}

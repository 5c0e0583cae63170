import type { ModuleMetadata, Provider, Type } from '@nestjs/common';
import type { AgentFactoryDefinition } from '../agents/agent-definition-options';

/** What a module contributes through `ToolwrightModule.forFeature(...)`. */
export interface ToolwrightFeatureOptions {
  /** Modules whose exported providers the toolkits and agents below inject. */
  imports?: ModuleMetadata['imports'];
  /** Toolkit providers (classes or provider objects), provided and exported by the feature module. */
  toolkits?: Provider[];
  /**
   * Agents: `@AgentDefinition` classes, or factory definitions. Each is injectable with
   * `@InjectAgent(name)` in modules that import the feature module, and listed by `AgentRegistry`.
   */
  agents?: Array<Type | AgentFactoryDefinition>;
}

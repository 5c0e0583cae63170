// Module
export { ToolwrightModule, ToolwrightFeatureModule } from './module/toolwright.module';
export type {
  ToolwrightModuleOptions, ToolwrightModuleAsyncOptions, ToolwrightModuleExtras, ToolwrightRunnerDefaults, ApprovalPolicyEntry,
} from './module/toolwright-module-options';
export type { ToolwrightFeatureOptions } from './module/toolwright-feature-options';
export { TOOLWRIGHT_MODULE_OPTIONS } from './constants/toolwright.constants';

// Discovery
export { ToolkitRegistry } from './discovery/toolkit-registry';
export type { ResolvedToolkit } from './discovery/toolkit-registry';
export type { DiscoveredToolkit, ToolkitScope } from './discovery/discovered-toolkit';

// Agents
export { AgentDefinition } from './agents/agent-definition.decorator';
export { AgentRegistry } from './agents/agent-registry';
export { InjectAgent, getAgentToken } from './agents/inject-agent.decorator';
export type { AgentDefinitionOptions, AgentFactoryDefinition, AgentToolEntry } from './agents/agent-definition-options';

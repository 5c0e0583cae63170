// Module
export { ToolwrightModule } from './module/toolwright.module';
export { ToolwrightFeatureModule } from './container/toolwright-feature.module';
export type {
  ToolwrightModuleOptions, ToolwrightModuleAsyncOptions, ToolwrightModuleExtras, ToolwrightRunnerDefaults, ToolwrightOptionsFactory, ApprovalPolicyEntry, SessionFor,
} from './options/toolwright-module-options';
export type { ToolwrightFeatureOptions } from './module/toolwright-feature-options';
export { TOOLWRIGHT_MODULE_OPTIONS } from './constants/toolwright.constants';
export { RUN_STORE, InjectRunStore } from './module/run-store.provider';

// Discovery
export { ToolkitRegistry } from './discovery/toolkit-registry';
export type { ResolvedToolkit } from './discovery/toolkit-registry';
export type { DiscoveredToolkit, ToolkitScope } from './discovery/discovered-toolkit';

// Agents
export { AgentDefinition } from './agents/agent-definition.decorator';
export { AgentRegistry } from './agents/agent-registry';
export { InjectAgent, getAgentToken } from './agents/inject-agent.decorator';
export type { AgentDefinitionOptions, AgentFactoryDefinition, AgentToolEntry } from './agents/agent-definition-options';

// Nest enhancers on tools
export { ToolwrightExecutionContext, TOOLWRIGHT_CONTEXT_TYPE, isToolCall } from './nest-enhancers/toolwright-execution-context';
export type { ToolwrightContextType } from './nest-enhancers/toolwright-execution-context';
export type { GuardDenial } from './nest-enhancers/guard-guardrails';

// Errors over HTTP
export { ToolwrightExceptionFilter } from './errors/toolwright-exception.filter';
export type { ToolwrightExceptionFilterOptions, ToolwrightErrorBody } from './errors/toolwright-exception.filter';
export { httpStatusOf, CLIENT_CLOSED_REQUEST } from './errors/http-status';
export { ClientDisconnectedError } from './errors/client-disconnected.error';
export { ApplicationShutdownError } from './errors/application-shutdown.error';

// Cancellation
export { RunSignal, requestSignal } from './cancellation/request-signal';

// Client: MCP servers' tools as a Toolset
export { McpToolset } from './client/mcp-toolset';
export type {
  McpToolsetOptions, McpToolInfo, McpApprovalPredicate, McpToolFields,
} from './client/mcp-toolset-options';
export type { McpStdioTransportOptions } from './client/process-transport';
export type { McpHttpTransportOptions } from './client/http-transport';
export type { McpTransportOptions } from './client/mcp-connection';
export type { McpElicitationHandler, McpElicitationRequest } from './client/elicitation-answer';

// OAuth: Toolwright's provider for transport.authProvider
export { McpOAuthProvider } from './oauth/mcp-oauth-provider';
export type { McpOAuthProviderOptions, McpOAuthPrivateKey } from './oauth/oauth-provider-options';
export type { McpOAuthStore, McpOAuthState } from './oauth/oauth-store';

// Server: toolkits served as an MCP server
export { serveMcp, createMcpHttpHandler } from './server/serve-mcp';
export type { McpServerHandle, McpHttpHandler } from './server/serve-mcp';
export type { ServeMcpOptions, ServeEntry, McpCallInfo, McpHttpOptions, McpHttpListenOptions, McpOAuthResourceOptions } from './server/serve-options';
export { MemoryEventStore } from './server/memory-event-store';
export type { MemoryEventStoreOptions } from './server/memory-event-store';

// Resources and prompts on toolkit classes, served by serveMcp
export { Resource, ResourceTemplate, Prompt } from './decorators/resource.decorators';
export type { ResourceOptions, ResourceTemplateOptions, PromptOptions, Completer } from './decorators/mcp-metadata';
export type { McpServedCallOptions } from './server/served-call-options';
export { McpApprovals } from './server/mcp-approvals';
export type { PendingApproval, McpApprovalOptions } from './server/mcp-approvals';

// Tool proxy: two fixed tools in front of a hidden (MCP) catalogue
export { ToolProxyToolset } from './proxy/tool-proxy-toolset';
export type { ToolProxyToolsetOptions } from './proxy/tool-proxy-toolset';
export { keywordSearch } from './proxy/keyword-search';
export type { KeywordSearchItem } from './proxy/keyword-search';

// Risk annotations and output schemas (the one place they are mapped)
export { toolAnnotationsFromMcp, mcpAnnotationsForTool, destructiveByAnnotations } from './annotations/risk-annotations';
export type { McpToolAnnotations, McpAnnotationTrust } from './annotations/risk-annotations';
export { outputSchemaOf } from './shared/output-schema';
export type { ToolWithOutputSchema } from './shared/output-schema';

// Errors
export { McpConnectionError, McpCallError, McpAuthorizationError } from './errors';

// Client: MCP servers' tools as a Toolset
export { McpToolset } from './client/mcp-toolset';
export type {
  McpToolsetOptions, McpToolInfo, McpApprovalPredicate, McpToolFields,
} from './client/mcp-toolset-options';
export type { McpStdioTransportOptions } from './client/process-transport';
export type { McpHttpTransportOptions } from './client/http-transport';
export type { McpTransportOptions } from './client/mcp-connection';

// Risk annotations and output schemas (the one place they are mapped)
export { toolAnnotationsFromMcp, mcpAnnotationsForTool, destructiveByAnnotations } from './annotations/risk-annotations';
export type { McpToolAnnotations } from './annotations/risk-annotations';
export { outputSchemaOf } from './shared/output-schema';
export type { ToolWithOutputSchema } from './shared/output-schema';

// Errors
export { McpConnectionError, McpCallError } from './errors';

export { McpConnectionError } from './mcp-connection.error';
export { McpCallError } from './mcp-call.error';
export { McpAuthorizationError } from './mcp-authorization.error';

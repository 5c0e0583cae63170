export { McpConnectionError } from './mcp-connection.error';
export { McpCallError } from './mcp-call.error';

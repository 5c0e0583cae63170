// The MCP endpoint of a Nest application: `import { McpModule } from '@toolwright/mcp/nestjs'`.
export { McpModule } from './mcp.module';
export { McpEndpoint } from './mcp-endpoint.service';
export { MCP_MODULE_OPTIONS } from './mcp-module-options';
export type { McpModuleOptions } from './mcp-module-options';

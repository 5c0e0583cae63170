import { Module, type DynamicModule } from '@nestjs/common';
import { UserError } from '@toolwright/core';
import { McpEndpoint } from './mcp-endpoint.service';
import { mcpController } from './mcp-controller';
import { MCP_MODULE_OPTIONS, type McpModuleOptions } from './mcp-module-options';

/**
 * Mounts an MCP endpoint (streamable HTTP) on a route of a Nest application, serving the
 * toolkits Toolwright discovered. Needs `ToolwrightModule.forRoot(...)` in the application.
 *
 * @example
 * @Module({
 *   imports: [
 *     ToolwrightModule.forRoot({ model }),
 *     McpModule.forRoot({ name: 'billing', version: '1.0.0', path: 'mcp', authenticate: (req) => checkToken(req.headers.authorization) }),
 *   ],
 *   providers: [BillingTools],
 * })
 * export class AppModule {}
 */
@Module({})
export class McpModule {
  static forRoot(options: McpModuleOptions): DynamicModule {
    if (typeof options !== 'object' || options === null) throw new UserError("McpModule.forRoot(options) needs { name, version } (and optionally path, toolkits, authenticate).");
    const path = options.path ?? 'mcp';
    if (typeof path !== 'string' || path.trim() === '') throw new UserError(`McpModule.forRoot: path must be a non-empty route (got ${JSON.stringify(options.path)}). Fix: pass e.g. path: 'mcp'.`);
    return {
      module: McpModule,
      controllers: [mcpController(path)],
      providers: [{ provide: MCP_MODULE_OPTIONS, useValue: options }, McpEndpoint],
      exports: [McpEndpoint],
    };
  }
}

import type { InjectionToken } from '@nestjs/common';
import type { McpHttpOptions, ServeMcpOptions } from '../server/serve-options';

/** Options of `McpModule.forRoot(...)`. */
export interface McpModuleOptions extends Omit<ServeMcpOptions<any>, 'transport'>, McpHttpOptions {
  /** The route of the MCP endpoint (default `mcp`; Nest's global prefix applies). */
  path?: string;
  /** The toolkits to serve, by class or token (default: every toolkit Toolwright discovered). */
  toolkits?: InjectionToken[];
  /** Accept only loopback `Host` names (set when the app listens on 127.0.0.1 only). */
  loopbackOnly?: boolean;
}

/** The token of the module's options. */
export const MCP_MODULE_OPTIONS = Symbol('toolwright:mcp-module-options');

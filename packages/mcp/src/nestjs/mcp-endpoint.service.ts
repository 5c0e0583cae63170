import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { UserError, type Tool } from '@toolwright/core';
import { ToolkitRegistry } from '@toolwright/nestjs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHttpHandler, type McpHttpHandler } from '../server/serve-mcp';
import { hasMcpMembers } from '../decorators/mcp-metadata';
import type { McpApprovals } from '../server/mcp-approvals';
import { MCP_MODULE_OPTIONS, type McpModuleOptions } from './mcp-module-options';

/**
 * The MCP endpoint of a Nest application: once the application has bootstrapped, it serves the
 * discovered toolkits (or those named in the options) with `createMcpHttpHandler`; it closes
 * the sessions when the application shuts down. Inject it to reach `approvals`.
 */
@Injectable()
export class McpEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private handler?: McpHttpHandler;

  constructor(
    private readonly registry: ToolkitRegistry,
    private readonly moduleRef: ModuleRef,
    @Inject(MCP_MODULE_OPTIONS) private readonly options: McpModuleOptions,
  ) {}

  /** The served calls waiting for a person's approval. */
  get approvals(): McpApprovals {
    if (!this.handler) throw new UserError('McpEndpoint.approvals is available once the Nest application has bootstrapped (after app.init() or app.listen()).');
    return this.handler.approvals;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { path: _path, toolkits, ...options } = this.options;
    const tokens = toolkits ?? [...new Set(this.registry.list().map((t) => t.token))];
    const tools: Tool[] = [];
    const withResources: object[] = [];
    for (const token of tokens) {
      const resolved = await this.registry.resolve(token, this.moduleRef, `McpModule (${this.options.name})`);
      tools.push(...resolved.tools);
      // Its @Resource, @ResourceTemplate and @Prompt methods, served beside its tools.
      if (hasMcpMembers(resolved.instance) && !withResources.includes(resolved.instance)) withResources.push(resolved.instance);
    }
    this.handler = await createHttpHandler(tools, options, withResources);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handler?.close();
    this.handler = undefined;
  }

  /** Handles a request to the route (Express or Fastify objects). */
  async handle(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> {
    if (!this.handler) {
      res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'The MCP endpoint is not ready.' }, id: null }));
      return;
    }
    await this.handler.handle(req, res, req.method === 'POST' ? req.body : undefined);
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpHttpEndpoint } from './http-endpoint';
import type { McpApprovals } from './mcp-approvals';
import { ServeCore } from './serve-core';
import { checkServeOptions, type McpHttpOptions, type ServeEntry, type ServeMcpOptions } from './serve-options';

/** A running MCP server. */
export interface McpServerHandle {
  /** The endpoint's URL (HTTP), e.g. `http://127.0.0.1:41234/mcp`. */
  url?: string;
  /** Calls waiting for a person's approval. */
  approvals: McpApprovals;
  /** Tells the sessions subscribed to `uri` (`resources/subscribe`) that the resource changed. */
  notifyResourceUpdated(uri: string): Promise<void>;
  /**
   * Tells every session that the tools changed (`notifications/tools/list_changed`), for a
   * toolset that changes on its own; a change a served call makes is announced without it.
   */
  notifyToolsChanged(): Promise<void>;
  /** Stops accepting requests, ends the sessions and closes the served toolsets. */
  close(): Promise<void>;
}

/** An MCP endpoint to mount in an HTTP framework of your own (Express, Nest, Fastify's raw request). */
export interface McpHttpHandler {
  /** Handles a request to the endpoint's path; pass `parsedBody` when a body parser already read it. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /**
   * Answers the protected-resource metadata (RFC 9728) of an endpoint with the `oauth` option:
   * mount it at `/.well-known/oauth-protected-resource<endpoint path>`; `path` is the endpoint's path.
   */
  handleMetadata(req: IncomingMessage, res: ServerResponse, path: string): void;
  approvals: McpApprovals;
  /** Tells the sessions subscribed to `uri` that the resource changed. */
  notifyResourceUpdated(uri: string): Promise<void>;
  /** Tells every session that the tools changed (`notifications/tools/list_changed`). */
  notifyToolsChanged(): Promise<void>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * Serves decorated toolkits (and `Tool`s, `Toolset`s) as an MCP server, over this process's
 * stdio or streamable HTTP. `tools/list` shows each tool's build-time schema, its risk
 * annotations and its output schema where it declares one; `tools/call` runs through the same
 * validation, approval, guardrails, interceptors, timeouts and output caps as a call a model
 * makes (the `runner` option configures them). Progress a tool emits (`ctx.emit`) becomes
 * progress notifications.
 *
 * Over stdio, stdout carries the protocol: nothing else (no `console.log`) may write to it.
 *
 * @example
 * const server = await serveMcp([new WeatherTools()], { name: 'weather', version: '1.0.0', transport: { port: 3000 } });
 * console.log(`MCP endpoint: ${server.url}`);
 */
export async function serveMcp(toolkits: ServeEntry[], options: ServeMcpOptions<any>): Promise<McpServerHandle> {
  checkServeOptions(options);
  const core = new ServeCore(toolkits, options);
  await core.setup();
  if (options.transport === 'stdio') {
    const server = core.createSession({ transport: 'stdio', sessionId: () => undefined });
    await server.connect(new StdioServerTransport());
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        process.stdin.off('end', onEnd);
        await server.close();
        await core.close();
      })());
    // The client closing our stdin is the end of the session (MCP's stdio shutdown).
    const onEnd = (): void => void close().catch(() => undefined);
    process.stdin.once('end', onEnd);
    return { approvals: core.approvals, notifyResourceUpdated: (uri) => core.notifyResourceUpdated(uri), notifyToolsChanged: () => core.notifyToolsChanged(), close };
  }
  const { port, host = '127.0.0.1', path = '/mcp', ...http } = options.transport;
  const endpoint = new McpHttpEndpoint(core, { ...http, loopback: LOOPBACK.has(host) });
  const httpServer = createServer((req, res) => {
    const requestPath = (req.url ?? '/').split('?')[0];
    if (http.oauth && requestPath === McpHttpEndpoint.metadataPath(path)) {
      endpoint.handleMetadata(req, res, path);
      return;
    }
    if (requestPath !== path) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`Not found. The MCP endpoint is ${path}.`);
      return;
    }
    endpoint.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}${path}`,
    approvals: core.approvals,
    notifyResourceUpdated: (uri) => core.notifyResourceUpdated(uri),
    notifyToolsChanged: () => core.notifyToolsChanged(),
    close: async () => {
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await endpoint.close();
      httpServer.closeAllConnections();
      await closed;
      await core.close();
    },
  };
}

/**
 * The HTTP side of `serveMcp` without a listener: mount `handle` on a route of your own server.
 * Set `loopbackOnly` when the server listens on loopback only, to accept only loopback `Host`
 * names.
 *
 * @example
 * const mcp = await createMcpHttpHandler([new WeatherTools()], { name: 'weather', version: '1.0.0', authenticate });
 * app.all('/mcp', (req, res) => mcp.handle(req, res, req.body));
 */
export async function createMcpHttpHandler(
  toolkits: ServeEntry[],
  options: Omit<ServeMcpOptions<any>, 'transport'> & McpHttpOptions & { loopbackOnly?: boolean },
): Promise<McpHttpHandler> {
  return createHttpHandler(toolkits, options, []);
}

/**
 * `createMcpHttpHandler`, with instances whose resources and prompts are served beside the
 * entries' (Nest: toolkits whose tools the container built). @internal
 */
export async function createHttpHandler(
  toolkits: ServeEntry[],
  options: Omit<ServeMcpOptions<any>, 'transport'> & McpHttpOptions & { loopbackOnly?: boolean },
  resourceInstances: readonly object[],
): Promise<McpHttpHandler> {
  checkServeOptions(options);
  const core = new ServeCore(toolkits, options, resourceInstances);
  await core.setup();
  const endpoint = new McpHttpEndpoint(core, { ...options, loopback: options.loopbackOnly === true });
  return {
    handle: (req, res, parsedBody) => endpoint.handle(req, res, parsedBody),
    handleMetadata: (req, res, path) => endpoint.handleMetadata(req, res, path),
    approvals: core.approvals,
    notifyResourceUpdated: (uri) => core.notifyResourceUpdated(uri),
    notifyToolsChanged: () => core.notifyToolsChanged(),
    close: async () => {
      await endpoint.close();
      await core.close();
    },
  };
}

import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type Implementation } from '@modelcontextprotocol/sdk/types.js';
import { ToolDefinitionError, type RunContext, type Tool, type ToolContext, type ToolResult, type Toolset } from '@toolwright/core';
import { approvalHandlerOf } from '@toolwright/core/extend';
import { McpCallError } from '../errors/mcp-call.error';
import { callMcpTool, type CallSite } from './call-mcp-tool';
import { listServerTools } from './list-server-tools';
import { McpConnection } from './mcp-connection';
import { resolveMcpToolsetOptions, type McpToolInfo, type McpToolsetOptions, type ResolvedMcpToolsetOptions } from './mcp-toolset-options';
import { adaptTool, type AdapterConfig } from './tool-adapter';
import { exposedNames } from './tool-names';
import { selectTools } from './tool-selection';

interface Listing {
  tools: McpToolInfo[];
  /** Server name → the name the model sees. */
  exposed: Map<string, string>;
  /** The connection it was read on. */
  client: Client;
}

/**
 * The tools of an MCP server as a Toolwright `Toolset`: put it in `new Agent({ tools: [...] })`.
 * Tools are listed at the start of every turn (or cached with `cacheTools`, until the server
 * says they changed), filtered, renamed with `namePrefix`, and called through the same
 * validation, approval, guardrails, interceptors and output handling as local tools.
 *
 * Lifecycle: left alone, the runner connects it when a run starts using it and closes it (ending
 * the server process) when the last such run ends. After `await toolset.connect()` the
 * connection is yours: runs reuse it and leave it open until you call `close()`.
 *
 * @example
 * const files = new McpToolset({
 *   name: 'files',
 *   transport: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/data'] },
 *   blockedTools: ['move_file'],
 * });
 * const agent = new Agent({ name: 'assistant', tools: [files] });
 */
export class McpToolset<TContext = any> implements Toolset<TContext> {
  readonly name: string;
  private readonly options: ResolvedMcpToolsetOptions<TContext>;
  private readonly connection: McpConnection;
  private readonly adapter: AdapterConfig<TContext>;
  private readonly site: CallSite;
  private listing?: Listing;
  /** Set by `notifications/tools/list_changed` and by a renewed connection. */
  private stale = true;
  private readonly adapted = new Map<string, { key: string; tool?: Tool<TContext> }>();
  private runHold = false;
  private userHold = false;
  private readonly changeListeners = new Set<() => void>();
  /** The contexts of the calls in flight, latest last: an approval form mid-call is decided by its run. */
  private readonly callsInFlight: ToolContext<TContext>[] = [];

  constructor(options: McpToolsetOptions<TContext>) {
    this.options = resolveMcpToolsetOptions(options);
    this.name = this.options.name;
    this.connection = new McpConnection({
      serverName: this.name,
      transport: this.options.transport,
      clientInfo: this.options.clientInfo,
      connectTimeoutMs: this.options.connectTimeoutMs,
      maxRetryAttempts: this.options.maxRetryAttempts,
      retryBackoffMs: this.options.retryBackoffMs,
      features: {
        serverName: this.name,
        elicitation: this.options.elicitation,
        sampling: this.options.sampling,
        roots: this.options.rootList,
        approve: () => this.approveInRun(),
      },
      onToolsChanged: () => {
        this.stale = true;
        for (const listener of [...this.changeListeners]) {
          try {
            listener();
          } catch {
            // A listener's failure is its own; the others still hear of the change.
          }
        }
      },
      onLost: () => {
        this.stale = true;
        this.listing = undefined;
      },
    });
    this.site = {
      server: this.name,
      connection: this.connection,
      timeoutMs: this.options.timeoutMs,
      clientFor: (info) => this.clientFor(info),
    };
    this.adapter = {
      server: this.name,
      strict: this.options.strict,
      toolOptions: this.options.toolOptions,
      requireApproval: this.options.requireApproval,
      trustAnnotations: this.options.trustAnnotations,
      call: (info, exposedName, args, ctx) => this.call(info, exposedName, args, ctx),
    };
  }

  private async call(info: McpToolInfo, exposedName: string, args: Record<string, unknown>, ctx: ToolContext<TContext>): Promise<ToolResult> {
    this.callsInFlight.push(ctx);
    try {
      return await callMcpTool(this.site, info, exposedName, args, ctx);
    } finally {
      this.callsInFlight.splice(this.callsInFlight.lastIndexOf(ctx), 1);
    }
  }

  /**
   * An approval form the server sent during a call, decided by the runner's `approvalHandler`
   * of the latest call in flight (the server asks during one of them): true/false, or undefined
   * when there is no such call or handler, or the handler leaves it to a person.
   */
  private async approveInRun(): Promise<boolean | undefined> {
    const ctx = this.callsInFlight[this.callsInFlight.length - 1];
    const handler = ctx ? approvalHandlerOf(ctx) : undefined;
    if (!ctx || !handler) return undefined;
    const decision = await handler({ callId: ctx.callId, toolName: ctx.toolName, arguments: safeJson(ctx.arguments), agent: ctx.agent }, ctx);
    if (!decision || typeof decision.approved !== 'boolean') return undefined;
    return decision.approved;
  }

  /** The server's process id while a spawned server runs (stdio). */
  get pid(): number | undefined {
    return this.connection.pid;
  }

  /** The server's `serverInfo` from `initialize`, while connected. */
  get serverInfo(): Implementation | undefined {
    return this.connection.current?.getServerVersion();
  }

  /** The server's instructions from `initialize`, while connected. */
  get instructions(): string | undefined {
    return this.connection.current?.getInstructions();
  }

  /** Connects now and keeps the connection across runs until `close()`. */
  async connect(): Promise<void> {
    this.userHold = true;
    await this.connection.open();
  }

  /** Called by the runner before the first run that uses this toolset. */
  async setup(): Promise<void> {
    this.runHold = true;
    await this.connection.open();
  }

  /**
   * Ends the connection and, for a spawned server, the server process and every process it
   * started (resolves once they are gone). Called by the runner when the last run using the
   * toolset ends; a connection opened with `connect()` then stays open until you call it.
   */
  async close(): Promise<void> {
    if (this.runHold && this.userHold) {
      this.runHold = false;
      return;
    }
    this.runHold = false;
    this.userHold = false;
    this.listing = undefined;
    this.stale = true;
    await this.connection.close();
  }

  /**
   * Calls `listener` whenever the server says its tools changed (`notifications/tools/list_changed`);
   * returns a function that removes it. `serveMcp` uses it to pass the change on to its own clients
   * when it serves this toolset.
   */
  onToolsChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /** Forgets the listed tools: the next turn lists them again. */
  invalidateToolsCache(): void {
    this.stale = true;
  }

  /** Every tool the server lists right now, unfiltered, as the server describes it. */
  async listServerTools(): Promise<McpToolInfo[]> {
    return [...(await this.list(true)).tools];
  }

  /** The tools to offer this turn. */
  async tools(ctx: RunContext<TContext>): Promise<Tool<TContext>[]> {
    const listing = await this.list(!this.options.cacheTools);
    const selected = selectTools(listing.tools, listing.exposed, this.options, ctx);
    const out: Tool<TContext>[] = [];
    for (const info of selected) {
      const tool = this.toolFor(info, listing.exposed.get(info.name)!);
      if (tool) out.push(tool);
    }
    return out;
  }

  /** The tools as listed: read again when asked to, when stale, or after a new connection. */
  private async list(fresh: boolean): Promise<Listing> {
    if (!this.runHold && !this.userHold) this.userHold = true;
    const client = await this.connection.open();
    if (!fresh && !this.stale && this.listing?.client === client) return this.listing;
    this.stale = false;
    let tools: McpToolInfo[];
    try {
      tools = await listServerTools(client, this.name, this.options.timeoutMs);
    } catch (error) {
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) throw this.listFailure(error);
      // Refused authorization is an answer, not a broken connection: reconnecting would only
      // start another sign-in (a server that never grants a scope would get one per turn).
      if (isAuthorizationRefusal(error)) throw this.listFailure(error);
      // The connection broke (a server that exited, an expired HTTP session): listing is safe to
      // repeat, so reconnect once and list again.
      await this.connection.drop(client, error instanceof Error ? error.message : String(error));
      const again = await this.connection.open();
      try {
        tools = await listServerTools(again, this.name, this.options.timeoutMs);
      } catch (retryError) {
        throw this.listFailure(retryError);
      }
      return this.remember(tools, again);
    }
    return this.remember(tools, client);
  }

  private remember(tools: McpToolInfo[], client: Client): Listing {
    const names = new Set(tools.map((t) => t.name));
    for (const name of this.adapted.keys()) if (!names.has(name)) this.adapted.delete(name);
    this.listing = { tools, exposed: exposedNames(tools.map((t) => t.name), this.options.namePrefix), client };
    return this.listing;
  }

  private listFailure(error: unknown): McpCallError {
    const reason = error instanceof Error ? error.message : String(error);
    return new McpCallError(
      `Listing the tools of the MCP server "${this.name}" (${this.connection.describe()}) failed: ${reason}. ${this.connection.diagnostics()}`.trim(),
      this.name,
      'tools/list',
      error instanceof McpError ? error.code : undefined,
      error,
    );
  }

  /** The Tool for a listed tool, reused while its definition and exposed name stay the same. */
  private toolFor(info: McpToolInfo, exposedName: string): Tool<TContext> | undefined {
    const key = JSON.stringify([exposedName, info.title, info.description, info.inputSchema, info.outputSchema, info.annotations]);
    const known = this.adapted.get(info.name);
    if (known && known.key === key) return known.tool;
    let tool: Tool<TContext> | undefined;
    try {
      tool = adaptTool(info, exposedName, this.adapter);
    } catch (error) {
      if (!(error instanceof ToolDefinitionError)) throw error;
      this.options.onWarning(`McpToolset "${this.name}": the tool "${info.name}" is not offered: its input schema cannot be used (${error.message}).`);
    }
    this.adapted.set(info.name, { key, tool });
    return tool;
  }

  /** The client for a call; after a reconnect the tools are listed again and the tool must still be there. */
  private async clientFor(info: McpToolInfo): Promise<Client> {
    const client = await this.connection.open();
    if (this.listing?.client === client) return client;
    const listing = await this.list(true);
    if (!listing.tools.some((t) => t.name === info.name)) {
      throw new McpCallError(
        `The MCP server "${this.name}" no longer offers the tool "${info.name}" (its tools were listed again after it reconnected). The call was not sent.`,
        this.name,
        info.name,
      );
    }
    return listing.client;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A 401/403 or an unfinished sign-in: the server refused, the connection is fine. */
function isAuthorizationRefusal(error: unknown): boolean {
  return error instanceof UnauthorizedError || (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403));
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ElicitResultSchema, ErrorCode, ListToolsRequestSchema,
  type CallToolResult, type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { Agent, emptyUsage, type RunContext, type Tool } from '@toolwright/core';
import { naturalSchemaOf } from '@toolwright/core/extend';
import { mcpAnnotationsForTool } from '../annotations/risk-annotations';
import { outputSchemaOf } from '../shared/output-schema';
import { executeServedCall, type ExecutorConfig } from './call-executor';
import { McpApprovals } from './mcp-approvals';
import type { McpCallInfo, ServeEntry, ServeMcpOptions } from './serve-options';
import { ServedTools } from './served-tools';

/** What one MCP session (or the stdio connection) is. @internal */
export interface SessionInfo {
  transport: 'stdio' | 'http';
  /** The session id, once the session is initialised (HTTP). */
  sessionId(): string | undefined;
}

/**
 * The part of a served MCP server shared by all its sessions: the tools, the approvals and how
 * calls run. `createSession()` builds the SDK `Server` of one session. @internal
 */
export class ServeCore {
  readonly approvals: McpApprovals;
  private readonly served: ServedTools;
  private readonly executor: ExecutorConfig;
  /** Stands in for the agent in `isEnabled` checks while listing. */
  private readonly listingAgent: Agent;

  constructor(
    entries: readonly ServeEntry[],
    private readonly options: Omit<ServeMcpOptions<unknown>, 'transport'>,
  ) {
    this.served = new ServedTools(entries);
    this.approvals = new McpApprovals(options.approvals);
    this.listingAgent = new Agent({ name: options.name });
    this.executor = { options: options.runner ?? {}, context: options.context, approvals: this.approvals, agent: new Agent({ name: 'mcp' }) };
  }

  setup(): Promise<void> {
    return this.served.setup();
  }

  close(): Promise<void> {
    return this.served.close();
  }

  /** A new SDK server answering `tools/list` and `tools/call` for one session. */
  createSession(session: SessionInfo): Server {
    const server = new Server(
      { name: this.options.name, version: this.options.version, ...(this.options.title ? { title: this.options.title } : {}) },
      { capabilities: { tools: {} }, ...(this.options.instructions ? { instructions: this.options.instructions } : {}) },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await this.descriptors() }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const name = request.params.name;
      const info: McpCallInfo = { transport: session.transport, sessionId: session.sessionId() ?? extra.sessionId, toolName: name };
      if (extra.requestInfo?.headers) info.headers = extra.requestInfo.headers as McpCallInfo['headers'];
      const tool = await this.offered(name);
      if (!tool) throw protocolError(ErrorCode.InvalidParams, `Tool ${name} not found`);
      const progressToken = extra._meta?.progressToken;
      let progress = 0;
      // Notifications are sent in order, and all before the result (a client drops progress
      // that arrives after the answer).
      let notified: Promise<void> = Promise.resolve();
      const result = await executeServedCall(
        {
          tool,
          arguments: request.params.arguments,
          info,
          signal: extra.signal,
          progress:
            progressToken === undefined
              ? undefined
              : (update) => {
                  progress += 1;
                  const params = { progressToken, progress, message: update.text || undefined };
                  notified = notified.then(() => extra.sendNotification({ method: 'notifications/progress', params })).catch(() => undefined);
                },
          elicit: this.canElicit(server) ? (message) => this.elicit(extra.sendRequest, message) : undefined,
        },
        this.executor,
      );
      if (progress > 0) {
        await notified;
        // The SDK client handles a notification a microtask later than a response read in the
        // same chunk: a turn of the event loop lets the last progress update go out on its own.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return result as CallToolResult;
    });
    return server;
  }

  /**
   * The tools as MCP describes them: each one's natural schema (`naturalSchemaOf`: optional
   * arguments optional, as the author declared them, not OpenAI's strict form), annotations,
   * output schemas.
   */
  private async descriptors(): Promise<McpTool[]> {
    const out: McpTool[] = [];
    for (const tool of await this.enabledTools()) {
      const override = this.options.annotations?.[tool.name];
      const annotations = mcpAnnotationsForTool(tool, override);
      const descriptor: McpTool = { name: tool.name, description: tool.description, inputSchema: naturalSchemaOf(tool) as McpTool['inputSchema'] };
      if (override?.title) descriptor.title = override.title;
      const outputSchema = outputSchemaOf(tool);
      if (outputSchema) descriptor.outputSchema = outputSchema as McpTool['outputSchema'];
      if (annotations) descriptor.annotations = annotations;
      out.push(descriptor);
    }
    return out;
  }

  private async enabledTools(): Promise<Tool[]> {
    const ctx = this.listingContext();
    const tools = await this.served.list(ctx);
    const enabled: Tool[] = [];
    for (const tool of tools) if (!tool.isEnabled || (await tool.isEnabled(ctx, this.listingAgent))) enabled.push(tool);
    return enabled;
  }

  private async offered(name: string): Promise<Tool | undefined> {
    const ctx = this.listingContext();
    const tool = await this.served.find(name, ctx);
    if (!tool || (tool.isEnabled && !(await tool.isEnabled(ctx, this.listingAgent)))) return undefined;
    return tool;
  }

  private listingContext(): RunContext<unknown> {
    return { context: undefined, usage: emptyUsage() };
  }

  private canElicit(server: Server): boolean {
    if (this.options.elicitApprovals === false) return false;
    const elicitation = server.getClientCapabilities()?.elicitation as Record<string, unknown> | undefined;
    if (!elicitation) return false;
    // A client that lists no mode supports form mode (the only mode before 2025-11-25).
    return elicitation.form !== undefined || Object.keys(elicitation).length === 0;
  }

  /** Asks the client's user to approve; undefined when the client fails to answer. */
  private async elicit(send: Parameters<Parameters<Server['setRequestHandler']>[1]>[1]['sendRequest'], message: string): Promise<boolean | undefined> {
    try {
      const answer = await send(
        {
          method: 'elicitation/create',
          params: {
            message,
            requestedSchema: {
              type: 'object',
              properties: { approve: { type: 'boolean', title: 'Approve', description: 'Run the tool with these arguments.' } },
              required: ['approve'],
            },
          },
        },
        ElicitResultSchema,
        { timeout: this.options.elicitationTimeoutMs ?? 10 * 60 * 1000 },
      );
      return answer.action === 'accept' && answer.content?.approve === true;
    } catch {
      return undefined;
    }
  }
}

/**
 * An error the SDK answers a request with, under `code` and with `message` as it is: an
 * `McpError` would put its own `MCP error <code>:` prefix into the wire message, and the client's
 * `McpError` adds it again, so clients printed it twice.
 */
function protocolError(code: ErrorCode, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

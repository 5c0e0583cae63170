import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, CompleteRequestSchema, ElicitResultSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema,
  SetLevelRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema,
  type CallToolResult, type ServerCapabilities, type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { Agent, emptyUsage, type RunContext, type Tool } from '@toolwright/core';
import { isToolkitInstance, naturalSchemaOf } from '@toolwright/core/extend';
import { hasMcpMembers } from '../decorators/mcp-metadata';
import { CallTalkBack, type TalkBackSession } from './talk-back';
import { InvalidParams, ServedResources } from './served-resources';
import { mcpAnnotationsForTool } from '../annotations/risk-annotations';
import { outputSchemaOf } from '../shared/output-schema';
import { executeServedCall, type ExecutorConfig } from './call-executor';
import { McpApprovals } from './mcp-approvals';
import type { McpCallInfo, ServeEntry, ServeMcpOptions } from './serve-options';
import { boundedText } from '../shared/bounded-text';
import { ServedTools } from './served-tools';

/** What one MCP session (or the stdio connection) is. @internal */
export interface SessionInfo {
  transport: 'stdio' | 'http';
  /** The session id, once the session is initialised (HTTP). */
  sessionId(): string | undefined;
  /**
   * A call still running after this long closes its response stream (the client resumes with
   * `Last-Event-ID`, SEP-1699 polling); only when the transport keeps events.
   */
  pollingAfterMs?: number;
}

/** One open session: its server, the level it logs at and the resources it watches. */
interface OpenSession extends TalkBackSession {
  server: Server;
  subscriptions: Set<string>;
}

/**
 * The part of a served MCP server shared by all its sessions: the tools, the approvals and how
 * calls run. `createSession()` builds the SDK `Server` of one session. @internal
 */
export class ServeCore {
  readonly approvals: McpApprovals;
  private readonly served: ServedTools;
  readonly resources: ServedResources;
  private readonly sessions = new Set<OpenSession>();
  private readonly executor: ExecutorConfig;
  /** Stands in for the agent in `isEnabled` checks while listing. */
  private readonly listingAgent: Agent;
  /** The tools as last listed or checked (their descriptors as JSON), to see a call change them. */
  private lastListing?: string;
  private unwatch?: () => void;

  constructor(
    entries: readonly ServeEntry[],
    private readonly options: Omit<ServeMcpOptions<unknown>, 'transport'>,
    resourceInstances: readonly object[] = [],
  ) {
    const { tools, instances } = splitEntries(entries);
    this.served = new ServedTools(tools);
    this.resources = new ServedResources([...instances, ...resourceInstances]);
    this.approvals = new McpApprovals(options.approvals);
    this.listingAgent = new Agent({ name: options.name });
    this.executor = { options: options.runner ?? {}, context: options.context, approvals: this.approvals, agent: new Agent({ name: 'mcp' }) };
  }

  async setup(): Promise<void> {
    await this.served.setup();
    // The first listing to compare with, for a client that calls before it lists.
    if (this.served.mayChange) await this.descriptors().catch(() => undefined);
    // A served McpToolset's server said its tools changed: pass it on when ours did too.
    this.unwatch = this.served.watch(() => {
      void this.toolsChanged()
        .then((changed) => (changed ? this.notifyToolsChanged() : undefined))
        .catch(() => undefined);
    });
  }

  close(): Promise<void> {
    this.unwatch?.();
    return this.served.close();
  }

  /** Tells every session subscribed to `uri` that the resource changed (`notifications/resources/updated`). */
  async notifyResourceUpdated(uri: string): Promise<void> {
    await Promise.all(
      [...this.sessions].filter((s) => s.subscriptions.has(uri)).map((s) => s.server.sendResourceUpdated({ uri }).catch(() => undefined)),
    );
  }

  /** Tells every session that the tools changed (`notifications/tools/list_changed`). */
  async notifyToolsChanged(except?: Server): Promise<void> {
    await Promise.all([...this.sessions].filter((s) => s.server !== except).map((s) => s.server.sendToolListChanged().catch(() => undefined)));
  }

  /**
   * Whether the tools differ from when they were last listed or checked (a toolset that added or
   * removed tools, an `isEnabled` that changed its answer). Only lists again when they can change.
   */
  private async toolsChanged(): Promise<boolean> {
    if (!this.served.mayChange) return false;
    const before = this.lastListing;
    await this.descriptors();
    return before !== undefined && before !== this.lastListing;
  }

  /**
   * A new SDK server for one session: tools, logging (`logging/setLevel`), and the resources,
   * templates, prompts and completions of the decorated toolkits when there are any.
   */
  createSession(session: SessionInfo): Server {
    const resources = this.resources;
    const capabilities: ServerCapabilities = { tools: { listChanged: true }, logging: {} };
    if (resources.hasResources) capabilities.resources = { subscribe: true };
    if (resources.hasPrompts) capabilities.prompts = {};
    if (resources.hasResources || resources.hasPrompts) capabilities.completions = {};
    const server = new Server(
      { name: this.options.name, version: this.options.version, ...(this.options.title ? { title: this.options.title } : {}) },
      { capabilities, ...(this.options.instructions ? { instructions: this.options.instructions } : {}) },
    );
    const open: OpenSession = { server, logLevel: undefined, subscriptions: new Set() };
    this.sessions.add(open);
    const previousOnClose = server.onclose;
    server.onclose = () => {
      this.sessions.delete(open);
      previousOnClose?.();
    };
    server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      open.logLevel = request.params.level;
      return {};
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await this.descriptors() }));
    if (resources.hasResources) {
      server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: resources.listResources() }));
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: resources.listTemplates() }));
      server.setRequestHandler(ReadResourceRequestSchema, async (request) => answerOf(() => resources.read(request.params.uri)));
      server.setRequestHandler(SubscribeRequestSchema, async (request) => {
        if (!resources.serves(request.params.uri)) throw protocolError(-32002 as unknown as ErrorCode, `Resource ${request.params.uri} not found`);
        if (open.subscriptions.size >= MAX_SUBSCRIPTIONS && !open.subscriptions.has(request.params.uri)) {
          throw protocolError(ErrorCode.InvalidParams, `Too many subscriptions in this session (at most ${MAX_SUBSCRIPTIONS})`);
        }
        open.subscriptions.add(request.params.uri);
        return {};
      });
      server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
        open.subscriptions.delete(request.params.uri);
        return {};
      });
    }
    if (resources.hasPrompts) {
      server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: resources.listPrompts() }));
      server.setRequestHandler(GetPromptRequestSchema, async (request) => answerOf(() => resources.getPrompt(request.params.name, request.params.arguments)));
    }
    if (capabilities.completions) {
      server.setRequestHandler(CompleteRequestSchema, async (request) =>
        answerOf(() => resources.complete(request.params.ref, request.params.argument, request.params.context?.arguments ?? {})),
      );
    }
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const name = request.params.name;
      const info: McpCallInfo = { transport: session.transport, sessionId: session.sessionId() ?? extra.sessionId, toolName: name };
      if (extra.requestInfo?.headers) info.headers = extra.requestInfo.headers as McpCallInfo['headers'];
      const tool = await this.offered(name);
      if (!tool) throw protocolError(ErrorCode.InvalidParams, `Tool ${name} not found`);
      const progressToken = extra._meta?.progressToken;
      let progress = 0;
      let progressSent = false;
      // Notifications are sent in order, and all before the result (a client drops progress
      // that arrives after the answer).
      let notified: Promise<void> = Promise.resolve();
      const talkBack = new CallTalkBack(server, extra, open, {
        logger: this.options.name,
        elicitationTimeoutMs: this.options.elicitationTimeoutMs ?? 10 * 60 * 1000,
        samplingTimeoutMs: this.options.samplingTimeoutMs ?? 5 * 60 * 1000,
      }, name);
      // A long call lets go of its response stream; the client comes back for the result.
      const polling = session.pollingAfterMs !== undefined && extra.closeSSEStream ? setTimeout(() => extra.closeSSEStream?.(), session.pollingAfterMs) : undefined;
      try {
        const result = await executeServedCall(
          {
            tool,
            arguments: request.params.arguments,
            info,
            signal: extra.signal,
            client: talkBack,
            progress:
              progressToken === undefined
                ? undefined
                : (update) => {
                    const given = progressOf(update.details);
                    progress = given ? Math.max(given.progress, progress) : progress + 1;
                    progressSent = true;
                    const params = { progressToken, progress, ...(given?.total !== undefined ? { total: given.total } : {}), message: update.text || undefined };
                    notified = notified.then(() => extra.sendNotification({ method: 'notifications/progress', params })).catch(() => undefined);
                  },
            elicit: this.canElicit(server) ? (message) => this.elicit(extra.sendRequest, message) : undefined,
          },
          this.executor,
        );
        await talkBack.flushed();
        // A call that changed the tools (a toolset that adds some): the caller hears it on the
        // call's own stream, before the result; the other sessions on theirs.
        if (await this.toolsChanged().catch(() => false)) {
          notified = notified.then(() => extra.sendNotification({ method: 'notifications/tools/list_changed' })).catch(() => undefined);
          await notified;
          await new Promise((resolve) => setImmediate(resolve));
          void this.notifyToolsChanged(server);
        }
        if (progressSent) {
          await notified;
          // The SDK client handles a notification a microtask later than a response read in the
          // same chunk: a turn of the event loop lets the last progress update go out on its own.
          await new Promise((resolve) => setImmediate(resolve));
        }
        return result as CallToolResult;
      } finally {
        if (polling) clearTimeout(polling);
      }
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
    this.lastListing = JSON.stringify(out);
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

const MAX_SUBSCRIPTIONS = 1000;

/** A progress update's numbers, when the tool gives them as `details: { progress, total }`. */
function progressOf(details: Record<string, unknown> | undefined): { progress: number; total?: number } | undefined {
  const progress = details?.progress;
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return undefined;
  const total = details?.total;
  return { progress, ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}) };
}

/**
 * Runs a resource or prompt handler: a request the served toolkits cannot answer is refused
 * with its code (-32602, -32002); a method that throws is an internal error naming it.
 */
async function answerOf<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvalidParams) throw protocolError(ErrorCode.InvalidParams, error.message);
    const code = (error as { code?: unknown })?.code;
    if (code === -32002) throw Object.assign(protocolError(-32002 as unknown as ErrorCode, (error as Error).message), { data: (error as { data?: unknown }).data });
    throw protocolError(ErrorCode.InternalError, `Failed: ${boundedText(error instanceof Error ? error.message : String(error), 2000)}`);
  }
}

/** Entries split into what serves tools and the instances with resources or prompts. */
function splitEntries(entries: readonly ServeEntry[]): { tools: ServeEntry[]; instances: object[] } {
  if (!Array.isArray(entries)) return { tools: entries as ServeEntry[], instances: [] };
  const tools: ServeEntry[] = [];
  const instances: object[] = [];
  const visit = (list: readonly ServeEntry[], depth: number, into: ServeEntry[]): void => {
    for (const entry of list) {
      if (Array.isArray(entry) && depth < 32) {
        const inner: ServeEntry[] = [];
        visit(entry, depth + 1, inner);
        if (inner.length) into.push(inner);
        continue;
      }
      if (hasMcpMembers(entry)) {
        instances.push(entry as object);
        if (!isToolkitInstance(entry)) continue;
      }
      into.push(entry);
    }
  };
  visit(entries, 0, tools);
  return { tools, instances };
}

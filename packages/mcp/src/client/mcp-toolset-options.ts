import type { Root } from '@modelcontextprotocol/sdk/types.js';
import { UserError, defineTool, type Model, type RunContext, type ToolFields } from '@toolwright/core';
import { MAX_TIME_LIMIT_MS, timeLimitProblem } from '@toolwright/core/extend';
import type { McpToolAnnotations } from '../annotations/risk-annotations';
import { rootsOf } from './client-roots';
import type { McpElicitationHandler } from './elicitation-answer';
import type { McpHttpTransportOptions } from './http-transport';
import { isStdioTransport, type McpTransportOptions } from './mcp-connection';
import type { McpStdioTransportOptions } from './process-transport';

/** A tool as the MCP server lists it (its own name), given to `filter` and `requireApproval`. */
export interface McpToolInfo {
  /** The tool's name on the server (before `namePrefix`). */
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  /** The `McpToolset`'s name. */
  server: string;
}

/** Decides per call whether a call to an MCP tool needs approval (sees the validated arguments). */
export type McpApprovalPredicate<TContext = any> = (tool: McpToolInfo, args: any, ctx: RunContext<TContext>) => boolean | Promise<boolean>;

/** Runner-side fields applied to every tool of the server (same meaning as on local tools). */
export type McpToolFields<TContext = any> = Partial<
  Pick<ToolFields<TContext>, 'inputGuardrails' | 'outputGuardrails' | 'interceptors' | 'duplicates' | 'failureError' | 'timeoutMs' | 'cancellable' | 'deferred' | 'isEnabled'>
>;

/** Options of `new McpToolset(...)`. */
export interface McpToolsetOptions<TContext = any> {
  /** Names the toolset in errors and in each tool's `source`. */
  name: string;
  /** A command to spawn (stdio) or a URL (streamable HTTP, with HTTP+SSE fallback). */
  transport: McpStdioTransportOptions | McpHttpTransportOptions;
  /**
   * Keep the listed tools between turns until the server sends `notifications/tools/list_changed`
   * or the connection is renewed (default false: `tools/list` at the start of every turn).
   */
  cacheTools?: boolean;
  /** Only these tools (server names, or the prefixed names the model sees). */
  allowedTools?: string[];
  /** Never these tools; wins over `allowedTools` and `filter`. */
  blockedTools?: string[];
  /** Consulted on every listing, cached or not. */
  filter?: (tool: McpToolInfo, ctx: RunContext<TContext>) => boolean;
  /** Put before every tool name the model sees; the server is still called by its own name. */
  namePrefix?: string;
  /**
   * Which calls need approval. Default: tools annotated `destructiveHint: true` (with
   * `trustAnnotations`, not when also `readOnlyHint: true`). `true`/`false`: all/none; a list:
   * those tools (server or prefixed names); a function: decided per call.
   */
  requireApproval?: boolean | string[] | McpApprovalPredicate<TContext>;
  /**
   * Most milliseconds one `tools/call` (or `tools/list`) may take (default 60,000); then
   * `ToolTimeoutError` and `notifications/cancelled`. A positive integer up to 2^31−1, or
   * `Infinity` / `null`: no limit of the client's own (the runner's time limit of the call still
   * applies; the SDK request waits at most 2^31−1 ms, the longest a timer can).
   */
  timeoutMs?: number | null;
  /**
   * Most milliseconds to start or reach the server and finish `initialize` (default 30,000): a
   * positive integer up to 2^31−1, or `Infinity` / `null` to wait as long as a timer can (2^31−1 ms).
   */
  connectTimeoutMs?: number | null;
  /** Further connection attempts after a transport failure (default 2); calls are never retried. */
  maxRetryAttempts?: number;
  /** First wait between connection attempts, doubled each time, capped at 30 s, jittered (default 500). */
  retryBackoffMs?: number;
  /**
   * `true` (default): a schema that can be made strict is offered strict, any other non-strict
   * (never half-converted). `false`: every tool non-strict.
   */
  strict?: boolean;
  /**
   * Whether the server's tool annotations may unlock anything (default `false`). Untrusted, only
   * hints that add caution become risk annotations (`readOnlyHint: false`, `destructiveHint:
   * true`, `idempotentHint: false`, `openWorldHint: true`): a server cannot declare a delete tool
   * read-only to run it while planning or to slip past `requireApprovalFor({ destructive: true })`.
   * `true`: every hint is believed. For single tools, prefer `planMode.readOnlyTools`.
   */
  trustAnnotations?: boolean;
  /** Guardrails, interceptors, duplicate policy, ... for every tool of this server. */
  toolOptions?: McpToolFields<TContext>;
  /** How this client introduces itself (default `{ name: 'toolwright', version: '0.1.0' }`). */
  clientInfo?: { name: string; version: string };
  /** Told about tools that cannot be offered (a schema that does not compile, ...). Default: `console.warn`. */
  onWarning?: (message: string) => void;
  /**
   * Answers the server's questions to the user (`elicitation/create`, form and URL modes): resolve
   * with `{ action: 'accept', content }`, `{ action: 'decline' }` or `{ action: 'cancel' }`.
   * Fields the answer leaves out get the defaults of the requested schema. An approval form (one
   * boolean `approve` field, as `serveMcp` sends) asked during a run's call goes to the runner's
   * `approvalHandler` first; when it leaves the call undecided, to this handler. Without it, the
   * client does not offer elicitation.
   */
  elicitation?: McpElicitationHandler;
  /** Answers the server's `sampling/createMessage` with this model (text and images; no tools). */
  sampling?: Model;
  /** Directories (absolute paths) or URIs the server may work in, answered to `roots/list`. */
  roots?: string[];
}

/** Options with defaults applied, checked. @internal */
export interface ResolvedMcpToolsetOptions<TContext> extends McpToolsetOptions<TContext> {
  cacheTools: boolean;
  namePrefix: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxRetryAttempts: number;
  retryBackoffMs: number;
  strict: boolean;
  trustAnnotations: boolean;
  toolOptions: McpToolFields<TContext>;
  clientInfo: { name: string; version: string };
  onWarning: (message: string) => void;
  /** `roots` as MCP roots. */
  rootList?: Root[];
}

const PREFIX = /^[a-zA-Z0-9_-]{0,32}$/;

/** Checks `options` and fills in defaults; a bad option is a `UserError` saying how to fix it. @internal */
export function resolveMcpToolsetOptions<TContext>(options: McpToolsetOptions<TContext>): ResolvedMcpToolsetOptions<TContext> {
  if (typeof options !== 'object' || options === null) {
    throw new UserError('new McpToolset(options) needs an options object: { name, transport: { command, args } | { url } }.');
  }
  const name = options.name;
  if (typeof name !== 'string' || name.trim().length === 0) throw new UserError('McpToolset needs a non-empty `name` (it names the server in errors and tool sources).');
  const fail = (what: string, fix: string): never => {
    throw new UserError(`McpToolset "${name}": ${what}. Fix: ${fix}.`);
  };
  checkTransport(options.transport, fail);
  for (const key of ['allowedTools', 'blockedTools'] as const) {
    const list = options[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((n) => typeof n !== 'string'))) fail(`${key} must be an array of tool names`, `pass e.g. ${key}: ['read_file']`);
  }
  if (options.filter !== undefined && typeof options.filter !== 'function') fail('filter must be a function', 'pass (tool, ctx) => boolean');
  const namePrefix = options.namePrefix ?? '';
  if (typeof namePrefix !== 'string' || !PREFIX.test(namePrefix)) fail(`namePrefix ${JSON.stringify(namePrefix)} is not allowed`, 'use up to 32 letters, digits, "_" or "-", e.g. "fs_"');
  const approval = options.requireApproval;
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function' && !(Array.isArray(approval) && approval.every((n) => typeof n === 'string'))) {
    fail('requireApproval must be a boolean, an array of tool names or a function', "pass e.g. requireApproval: ['write_file']");
  }
  const timeoutMs = timeLimit(options.timeoutMs, 60_000, 'timeoutMs', fail);
  const connectTimeoutMs = timeLimit(options.connectTimeoutMs, 30_000, 'connectTimeoutMs', fail);
  const retryBackoffMs = positive(options.retryBackoffMs, 500, 'retryBackoffMs', fail);
  const maxRetryAttempts = options.maxRetryAttempts ?? 2;
  if (!Number.isInteger(maxRetryAttempts) || maxRetryAttempts < 0 || maxRetryAttempts > 10) fail(`maxRetryAttempts must be an integer from 0 to 10 (got ${String(maxRetryAttempts)})`, 'pass e.g. 2');
  if (options.strict !== undefined && typeof options.strict !== 'boolean') fail('strict must be a boolean', 'pass true or false');
  if (options.trustAnnotations !== undefined && typeof options.trustAnnotations !== 'boolean') {
    fail('trustAnnotations must be a boolean', 'pass true to believe the server\'s readOnlyHint and other hints, or leave it out');
  }
  const toolOptions = options.toolOptions ?? {};
  if (typeof toolOptions !== 'object' || toolOptions === null) fail('toolOptions must be an object of tool fields', 'pass e.g. toolOptions: { timeoutMs: 30_000 }');
  if (toolOptions.timeoutMs !== undefined) {
    const problem = timeLimitProblem(toolOptions.timeoutMs);
    if (problem) fail(`toolOptions.timeoutMs ${problem}`, 'pass e.g. toolOptions: { timeoutMs: 30_000 }, or Infinity (or null) for no limit');
  }
  checkToolOptions(name, toolOptions);
  const clientInfo = options.clientInfo ?? { name: 'toolwright', version: '0.1.0' };
  if (options.elicitation !== undefined && typeof options.elicitation !== 'function') {
    fail('elicitation must be a function', "pass async (request) => ({ action: 'accept', content: { ... } })");
  }
  const sampling = options.sampling;
  if (sampling !== undefined && (typeof sampling !== 'object' || sampling === null || typeof (sampling as { respond?: unknown }).respond !== 'function')) {
    fail('sampling must be a Toolwright Model (with respond())', 'pass e.g. sampling: new OpenAIModel({ ... })');
  }
  let rootList: Root[] | undefined;
  if (options.roots !== undefined) {
    const roots = rootsOf(options.roots);
    if ('problem' in roots) fail(roots.problem, "pass e.g. roots: ['/srv/project'] or ['file:///srv/project']");
    else rootList = roots.roots;
  }
  return {
    rootList,
    ...options,
    cacheTools: options.cacheTools === true,
    namePrefix,
    timeoutMs,
    connectTimeoutMs,
    maxRetryAttempts,
    retryBackoffMs,
    strict: options.strict !== false,
    trustAnnotations: options.trustAnnotations === true,
    toolOptions,
    clientInfo,
    onWarning: options.onWarning ?? ((message) => console.warn(message)),
  };
}

function checkTransport(transport: McpTransportOptions | undefined, fail: (what: string, fix: string) => never): void {
  if (typeof transport !== 'object' || transport === null) fail('transport is missing', "pass { command: 'npx', args: [...] } or { url: 'https://…/mcp' }");
  if (isStdioTransport(transport!)) {
    if (transport.command.trim().length === 0) fail('transport.command is empty', 'name the program to start');
    if (transport.args !== undefined && (!Array.isArray(transport.args) || transport.args.some((a) => typeof a !== 'string'))) fail('transport.args must be an array of strings', "pass e.g. args: ['server.js']");
    checkPositive(transport.maxMessageBytes, 'maxMessageBytes', fail);
    // A grace period is waited out by a timer, and close() waits for it: it must be finite.
    const grace: unknown = transport.shutdownGraceMs;
    if (grace !== undefined && (typeof grace !== 'number' || grace === Infinity || timeLimitProblem(grace) !== undefined)) {
      fail(
        `transport.shutdownGraceMs must be a positive integer number of milliseconds up to ${MAX_TIME_LIMIT_MS} (2^31−1); close() waits it out, so it cannot be Infinity or null (got ${String(grace)})`,
        'pass e.g. shutdownGraceMs: 2000',
      );
    }
    return;
  }
  const http = transport as McpHttpTransportOptions;
  checkPositive(http.maxMessageBytes, 'maxMessageBytes', fail);
  const provider: unknown = http.authProvider;
  if (provider !== undefined && (typeof provider !== 'object' || provider === null || typeof (provider as { tokens?: unknown }).tokens !== 'function')) {
    fail('transport.authProvider must be an OAuthClientProvider', "pass new McpOAuthProvider({ redirectUrl, authorize }) or one of the MCP SDK's providers");
  }
  const url = http.url;
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    fail(`transport needs a command or an http(s) url (got ${JSON.stringify(url)})`, "pass { url: 'https://example.com/mcp' } or { command, args }");
  }
}

function checkPositive(value: unknown, key: string, fail: (what: string, fix: string) => never): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) fail(`transport.${key} must be a positive number (got ${String(value)})`, 'leave it out for the default');
}

function positive(value: number | undefined, fallback: number, key: string, fail: (what: string, fix: string) => never): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(`${key} must be a positive number of milliseconds (got ${String(value)})`, `pass e.g. ${key}: ${fallback}`);
  return value;
}

/** A time limit option: the default when absent, `Infinity` for none (`Infinity` or `null`). */
function timeLimit(value: number | null | undefined, fallback: number, key: string, fail: (what: string, fix: string) => never): number {
  if (value === undefined) return fallback;
  const problem = timeLimitProblem(value);
  if (problem) fail(`${key} ${problem}`, `pass e.g. ${key}: ${fallback}, or Infinity (or null) for no limit`);
  return value ?? Infinity;
}

/** Checks `toolOptions` once, on a stand-in tool, so that a problem there is not taken for a bad server schema later. */
function checkToolOptions(name: string, fields: McpToolFields): void {
  try {
    defineTool({ name: 'mcp_tool_options_check', description: '', parameters: { type: 'object', properties: {} }, invoke: () => undefined, ...fields });
  } catch (error) {
    throw new UserError(`McpToolset "${name}": toolOptions are invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
}

import type { IncomingMessage } from 'node:http';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { UserError, type Tool, type Toolset } from '@toolwright/core';
import type { McpToolAnnotations } from '../annotations/risk-annotations';
import type { McpApprovalOptions } from './mcp-approvals';
import { checkServedCallOptions, type McpServedCallOptions } from './served-call-options';

/** What `serveMcp` serves: decorated toolkit instances, `Tool`s, `Toolset`s, arrays of these. */
export type ServeEntry = object | Tool | Toolset | ServeEntry[];

/** Who made a served call, for the `context` option. */
export interface McpCallInfo {
  transport: 'stdio' | 'http';
  /** The MCP session (HTTP). */
  sessionId?: string;
  /** The HTTP headers of the request that carried the call. */
  headers?: Record<string, string | string[] | undefined>;
  /** The tool called. */
  toolName: string;
}

/** The HTTP side of a served MCP server (for `serveMcp` and `createMcpHttpHandler`). */
export interface McpHttpOptions {
  /**
   * Decides whether a request may use the server (every request, initialize included): `false`
   * answers 401. Read a bearer token or a session cookie from `req.headers`.
   */
  authenticate?: (req: IncomingMessage) => boolean | Promise<boolean>;
  /**
   * Host names (without port) the `Host` header may name. Default for a server bound to a
   * loopback address: `localhost`, `127.0.0.1`, `[::1]` (DNS-rebinding protection); otherwise
   * any host.
   */
  allowedHosts?: string[];
  /**
   * Origins (`https://app.example.com`) a browser request may come from. Default: requests with
   * an `Origin` header are refused unless it is a loopback origin.
   */
  allowedOrigins?: string[];
  /** Most sessions at once (default 1,000); when full, the longest-idle session is ended. */
  maxSessions?: number;
  /** A session unused this long is ended (default 30 minutes). */
  sessionIdleMs?: number;
  /** Largest request body in bytes (default 4 MiB); a larger one is answered 413. */
  maxRequestBodyBytes?: number;
  /**
   * Where SSE events are kept so a client whose stream broke resumes it with `Last-Event-ID`
   * (each stream starts with a priming event carrying an id and `retry`). Default: a
   * `MemoryEventStore` of this server; `false`: no resumability. The SDK's `EventStore` interface.
   */
  eventStore?: EventStore | false;
  /** The `retry` (milliseconds) sent to clients with the priming event (default 1,000). */
  retryMs?: number;
  /**
   * A tool call still running after this many milliseconds closes its response stream, and the
   * client resumes it by `Last-Event-ID` (SEP-1699 polling: no connection held by long calls).
   * Default: streams stay open. Needs an event store.
   */
  pollingAfterMs?: number;
  /**
   * OAuth protection (RFC 9728): a request refused by `authenticate` is answered 401 with
   * `WWW-Authenticate: Bearer resource_metadata="…"`, and the protected-resource metadata is
   * served at `/.well-known/oauth-protected-resource<path>` so clients find the authorization
   * server. Verify the bearer token in `authenticate`.
   */
  oauth?: McpOAuthResourceOptions;
}

/** The protected-resource metadata of an OAuth-protected MCP endpoint (RFC 9728). */
export interface McpOAuthResourceOptions {
  /** Issuer URLs of the authorization servers that issue tokens for this endpoint. */
  authorizationServers: string[];
  /** Scopes a client may ask for (also sent as `scope` in the 401 challenge). */
  scopesSupported?: string[];
  /** The resource identifier (default: the endpoint's URL as the request reached it). */
  resource?: string;
  /** A human-readable name of the resource. */
  resourceName?: string;
}

/** Where `serveMcp` listens over HTTP. */
export interface McpHttpListenOptions extends McpHttpOptions {
  /** 0 picks a free port (see the handle's `url`). */
  port: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** The MCP endpoint's path (default `/mcp`). */
  path?: string;
}

/** Options of `serveMcp` (and, without `transport`, of `createMcpHttpHandler`). */
export interface ServeMcpOptions<TContext = unknown> {
  /** The server's name in `initialize`. */
  name: string;
  version: string;
  title?: string;
  /** Sent to clients in `initialize` (how to use the tools). */
  instructions?: string;
  /** `'stdio'`: this process's stdin/stdout; or an HTTP listener (streamable HTTP). */
  transport: 'stdio' | McpHttpListenOptions;
  /**
   * How every served call runs: the `Runner` options that apply to one call made without a model
   * (`guardrails`, `interceptors`, `approvalHandler`, `approvalPolicies`,
   * `guardrailsBeforeApproval`, `toolTimeoutMs`, `maxToolOutputBytes`). Any other Runner option
   * (`hooks`, agent-level `inputGuardrails` / `outputGuardrails`, `planMode`, ...) is refused
   * with a `UserError`: it could only be ignored.
   */
  runner?: McpServedCallOptions;
  /** The run context each call's tool sees (`ctx.context`), e.g. the user behind a token. */
  context?: (info: McpCallInfo) => TContext | Promise<TContext>;
  /** MCP annotations per tool name, over those the tool declares (`title`, hints). */
  annotations?: Record<string, McpToolAnnotations>;
  /** Where calls that need approval wait when nothing decides them inline. */
  approvals?: McpApprovalOptions;
  /** Ask the client's user through elicitation when the client supports it (default true). */
  elicitApprovals?: boolean;
  /** How long an elicitation may wait for the user (default 10 minutes). */
  elicitationTimeoutMs?: number;
  /** How long a tool's `ctx.sample` may wait for the client's model (default 5 minutes). */
  samplingTimeoutMs?: number;
}

/** Checks `serveMcp`'s options; a bad one is a `UserError` saying how to fix it. @internal */
export function checkServeOptions(options: Omit<ServeMcpOptions<unknown>, 'transport'> & { transport?: ServeMcpOptions['transport'] }): void {
  if (typeof options !== 'object' || options === null) throw new UserError("serveMcp needs options: { name, version, transport: 'stdio' | { port } }.");
  const fail = (what: string, fix: string): never => {
    throw new UserError(`serveMcp: ${what}. Fix: ${fix}.`);
  };
  if (typeof options.name !== 'string' || options.name.trim() === '') fail('`name` must be a non-empty string', "pass the server's name, e.g. name: 'billing'");
  if (typeof options.version !== 'string' || options.version.trim() === '') fail('`version` must be a non-empty string', "pass e.g. version: '1.0.0'");
  const transport = options.transport;
  if (transport !== undefined && transport !== 'stdio') {
    if (typeof transport !== 'object' || transport === null) fail(`transport must be 'stdio' or { port } (got ${JSON.stringify(transport)})`, "pass transport: 'stdio' or transport: { port: 3000 }");
    if (!Number.isInteger(transport.port) || transport.port < 0 || transport.port > 65535) fail(`transport.port must be an integer from 0 to 65535 (got ${String(transport.port)})`, 'pass 0 for a free port');
    if (transport.path !== undefined && (typeof transport.path !== 'string' || !transport.path.startsWith('/'))) fail(`transport.path must start with "/" (got ${JSON.stringify(transport.path)})`, "pass e.g. path: '/mcp'");
  }
  const http = (transport !== undefined && transport !== 'stdio' ? transport : options) as McpHttpOptions;
  if (http.retryMs !== undefined && !(Number.isInteger(http.retryMs) && http.retryMs >= 0)) fail(`retryMs must be a non-negative integer of milliseconds (got ${String(http.retryMs)})`, 'pass e.g. retryMs: 1000');
  if (http.pollingAfterMs !== undefined && !(Number.isInteger(http.pollingAfterMs) && http.pollingAfterMs >= 0)) fail(`pollingAfterMs must be a non-negative integer of milliseconds (got ${String(http.pollingAfterMs)})`, 'pass e.g. pollingAfterMs: 30_000');
  if (http.pollingAfterMs !== undefined && http.eventStore === false) fail('pollingAfterMs needs an event store (the client resumes the stream from it), and eventStore is false', 'remove eventStore: false, or pollingAfterMs');
  if (http.eventStore !== undefined && http.eventStore !== false && (typeof http.eventStore !== 'object' || http.eventStore === null || typeof http.eventStore.storeEvent !== 'function' || typeof http.eventStore.replayEventsAfter !== 'function')) {
    fail('eventStore must implement storeEvent and replayEventsAfter (the MCP SDK EventStore), or be false', 'pass new MemoryEventStore() or your own EventStore');
  }
  if (http.oauth !== undefined) {
    const o = http.oauth;
    if (typeof o !== 'object' || o === null || !Array.isArray(o.authorizationServers) || o.authorizationServers.length === 0 || o.authorizationServers.some((u) => typeof u !== 'string' || !URL.canParse(u))) {
      fail('oauth.authorizationServers must be a non-empty array of issuer URLs', "pass oauth: { authorizationServers: ['https://auth.example.com'] }");
    }
    if (o.resource !== undefined && (typeof o.resource !== 'string' || !URL.canParse(o.resource))) fail('oauth.resource must be an absolute URL', "pass e.g. resource: 'https://api.example.com/mcp'");
    if (o.scopesSupported !== undefined && (!Array.isArray(o.scopesSupported) || o.scopesSupported.some((x) => typeof x !== 'string' || /[\s"\\]/.test(x)))) fail('oauth.scopesSupported must be an array of scope names (no spaces or quotes)', "pass e.g. ['mcp:read']");
    if (!http.authenticate) fail('oauth needs authenticate, the hook that verifies the bearer token', 'pass authenticate: (req) => verify(req.headers.authorization)');
  }
  if (options.context !== undefined && typeof options.context !== 'function') fail('context must be a function', 'pass (info) => yourContext');
  checkServedCallOptions(options.runner);
}

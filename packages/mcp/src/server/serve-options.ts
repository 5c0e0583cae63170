import type { IncomingMessage } from 'node:http';
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
  if (options.context !== undefined && typeof options.context !== 'function') fail('context must be a function', 'pass (info) => yourContext');
  checkServedCallOptions(options.runner);
}

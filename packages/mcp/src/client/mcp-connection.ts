import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, ProgressNotificationSchema, ToolListChangedNotificationSchema, type Implementation, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { McpAuthorizationError } from '../errors/mcp-authorization.error';
import { McpConnectionError } from '../errors/mcp-connection.error';
import { boundedText } from '../shared/bounded-text';
import { capabilitiesOf, installCapabilities, type ClientFeatures } from './client-capabilities';
import { isSseFallbackAnswer, sseTransport, streamableHttpTransport, type McpHttpTransportOptions } from './http-transport';
import { ProcessTransport, type McpStdioTransportOptions } from './process-transport';
import { retryDelayMs, sleep } from './retry-backoff';
import { sdkTimeout } from './sdk-timeout';

/** Where an MCP server is: a command to spawn (stdio) or a URL (HTTP). */
export type McpTransportOptions = McpStdioTransportOptions | McpHttpTransportOptions;

/** What a connection needs to know. @internal */
export interface ConnectionConfig {
  serverName: string;
  transport: McpTransportOptions;
  clientInfo: Implementation;
  connectTimeoutMs: number;
  maxRetryAttempts: number;
  retryBackoffMs: number;
  /** Elicitation, sampling and roots, as the toolset offers them. */
  features: ClientFeatures;
  /** The server said its tools changed (`notifications/tools/list_changed`). */
  onToolsChanged(): void;
  /** The connection was lost (the server exited, the session ended); the next use reconnects. */
  onLost(): void;
}

/** Whether transport options describe a spawned server. @internal */
export function isStdioTransport(transport: McpTransportOptions): transport is McpStdioTransportOptions {
  return typeof (transport as McpStdioTransportOptions).command === 'string';
}

/**
 * One logical connection to an MCP server that heals itself: `open()` connects (spawning the
 * server or starting an HTTP session) with a timeout and bounded, jittered retries for transport
 * failures; a lost connection (the server exited, the HTTP session vanished) is reopened on next
 * use. Concurrent `open()`s share one attempt. @internal
 */
export class McpConnection {
  private client?: Client;
  private transport?: Transport;
  private connecting?: Promise<Client>;
  private closing?: Promise<void>;
  /** Bumped by `close()`, so that a connect finishing after it is undone. */
  private epoch = 0;
  private lastProblem?: string;
  private lastStderr = '';
  private lastExit?: string;
  /** Progress listeners by the progress token their call sent. */
  private readonly progress = new Map<string, (progress: Progress) => void>();
  private nextProgressToken = 1;

  constructor(private readonly config: ConnectionConfig) {}

  /** The connected client, if connected now. */
  get current(): Client | undefined {
    return this.client;
  }

  /** The server process id (stdio), while it runs. */
  get pid(): number | undefined {
    return this.transport instanceof ProcessTransport ? this.transport.pid : undefined;
  }

  /** Where the server is, for messages: `stdio: node server.js`, `streamable HTTP: http://host/mcp`. */
  describe(): string {
    const t = this.config.transport;
    if (isStdioTransport(t)) return boundedText(`stdio: ${[t.command, ...(t.args ?? [])].join(' ')}`, 300);
    const url = new URL(t.url);
    url.username = '';
    url.password = '';
    url.search = '';
    const protocol = this.transport instanceof StreamableHTTPClientTransport || t.protocol === 'streamable-http' ? 'streamable HTTP' : t.protocol === 'sse' ? 'HTTP+SSE' : 'HTTP';
    return `${protocol}: ${url.toString()}`;
  }

  /**
   * A progress token for one call and the listener of its notifications, until `release()`.
   * Progress is routed here rather than through the SDK's `onprogress`, which drops an update
   * that arrives in the same read as the call's answer.
   */
  progressToken(listener: (progress: Progress) => void): { token: string; release(): void } {
    const token = `toolwright-${this.nextProgressToken++}`;
    this.progress.set(token, listener);
    return { token, release: () => this.progress.delete(token) };
  }

  /** Connects unless connected; concurrent callers share the attempt. */
  async open(): Promise<Client> {
    if (this.client) return this.client;
    if (this.closing) await this.closing;
    if (this.client) return this.client;
    this.connecting ??= this.connectWithRetries().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /**
   * Marks the connection as lost after a transport failure seen on a request (an HTTP server
   * gone, its session expired): it is closed quietly and the next `open()` reconnects.
   */
  async drop(client: Client, reason: string): Promise<void> {
    if (this.client !== client) return;
    this.lastProblem = reason;
    await this.close();
    this.config.onLost();
  }

  /** Ends the connection (for a spawned server: the process and its group, waited for). */
  async close(): Promise<void> {
    this.epoch++;
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    if (!client || !transport) {
      if (this.closing) await this.closing;
      return;
    }
    this.closing = shutDown(client, transport).finally(() => {
      this.closing = undefined;
    });
    await this.closing;
  }

  /** Text for error messages: the last transport problem and, for a spawned server, how it exited and its stderr. */
  diagnostics(options: { problem?: boolean } = {}): string {
    const parts: string[] = [];
    if (this.lastExit) parts.push(`The server process ended (${this.lastExit}).`);
    if (this.lastProblem && options.problem !== false) parts.push(`Last problem: ${boundedText(this.lastProblem, 500)}.`);
    const stderr = this.lastStderr.trim();
    if (stderr) parts.push(`Its stderr ended with:\n${boundedText(stderr.slice(-1500), 1500)}`);
    return parts.join(' ');
  }

  private async connectWithRetries(): Promise<Client> {
    const epoch = this.epoch;
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await this.connectOnce();
        if (epoch !== this.epoch) {
          await shutDown(client, this.transport!);
          throw new McpConnectionError(`MCP server "${this.config.serverName}" was closed while it was connecting.`, this.config.serverName);
        }
        return client;
      } catch (error) {
        if (error instanceof McpConnectionError) throw error;
        this.lastProblem = errorText(error);
        if (!isRetryable(error) || attempt >= this.config.maxRetryAttempts || epoch !== this.epoch) throw this.connectFailure(error, attempt + 1);
        await sleep(retryDelayMs(attempt, this.config.retryBackoffMs));
      }
    }
  }

  private async connectOnce(): Promise<Client> {
    const t = this.config.transport;
    if (isStdioTransport(t)) return this.attach(new ProcessTransport(t));
    if (t.protocol === 'sse') return this.attachHttp(sseTransport);
    try {
      return await this.attachHttp(streamableHttpTransport);
    } catch (error) {
      if (t.protocol === 'streamable-http' || !isSseFallbackAnswer(error)) throw error;
      return this.attachHttp(sseTransport);
    }
  }

  /** Connects over HTTP; a message past maxMessageBytes ends the connection (pending calls fail now). */
  private attachHttp(make: (options: McpHttpTransportOptions, onOversize: (problem: string) => void) => Transport): Promise<Client> {
    let transport: Transport | undefined = undefined;
    transport = make(this.config.transport as McpHttpTransportOptions, (problem) => {
      this.lastProblem = problem;
      void transport?.close().catch(() => undefined);
    });
    return this.attach(transport);
  }

  /** Connects a fresh client over `transport` (initialize within the connect timeout). */
  private async attach(transport: Transport): Promise<Client> {
    const client = new Client(this.config.clientInfo, { capabilities: capabilitiesOf(this.config.features) });
    installCapabilities(client, this.config.features);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.config.onToolsChanged());
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      const { progressToken, ...progress } = notification.params;
      this.progress.get(String(progressToken))?.(progress);
    });
    client.onerror = (error) => {
      this.lastProblem = errorText(error);
    };
    client.onclose = () => this.lost(client, transport);
    this.client = client;
    this.transport = transport;
    try {
      await client.connect(transport, { timeout: sdkTimeout(this.config.connectTimeoutMs) });
      return client;
    } catch (error) {
      this.client = undefined;
      this.transport = undefined;
      this.remember(transport);
      await shutDown(client, transport);
      this.remember(transport);
      throw error;
    }
  }

  /** The transport closed: by `close()` (nothing to do) or on its own (the server exited). */
  private lost(client: Client, transport: Transport): void {
    this.remember(transport);
    if (this.client !== client) return;
    this.client = undefined;
    this.transport = undefined;
    this.lastProblem ??= 'the connection closed';
    this.config.onLost();
  }

  private remember(transport: Transport): void {
    if (!(transport instanceof ProcessTransport)) return;
    if (transport.stderr) this.lastStderr = transport.stderr;
    if (transport.exit) this.lastExit = transport.exit;
  }

  private connectFailure(error: unknown, attempts: number): McpConnectionError {
    const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
    const what = timedOut ? `did not answer initialize within ${sdkTimeout(this.config.connectTimeoutMs)} ms` : `could not be connected: ${boundedText(errorText(error), 500)}`;
    const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
    return new McpConnectionError(
      `MCP server "${this.config.serverName}" (${this.describe()}) ${what}${tries}. ${this.diagnostics({ problem: false })}`.trim() + ` ${hint(error, this.config.transport)}`,
      this.config.serverName,
      error,
    );
  }
}

/** Closes a client and its transport (for HTTP, ending the session first), never throwing. */
async function shutDown(client: Client, transport: Transport): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
    await transport.terminateSession().catch(() => undefined);
  }
  await client.close().catch(() => undefined);
  await transport.close().catch(() => undefined);
}

/** Transport failures are retried; an answer the server sent, a missing program or refused credentials are not. */
function isRetryable(error: unknown): boolean {
  if (error instanceof UnauthorizedError || error instanceof OAuthError || error instanceof McpAuthorizationError) return false;
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed || error.code === ErrorCode.RequestTimeout;
  if (error instanceof StreamableHTTPError) return error.code === undefined || error.code >= 500 || error.code === 429;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== 'ENOENT' && code !== 'EACCES' && code !== 'ENOTDIR';
}

function hint(error: unknown, transport: McpTransportOptions): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' && isStdioTransport(transport)) {
    return `Fix: check that "${transport.command}" is installed and on PATH (or give its absolute path), and that cwd exists.`;
  }
  if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) {
    if (!isStdioTransport(transport) && transport.authProvider) {
      return error.code === 403
        ? 'Fix: the signed-in user lacks a scope the server needs (it kept refusing after a step-up); ask the server owner for access, or sign in as another user.'
        : 'Fix: the server refused the token it issued; check the authorization server and the token\'s audience (resource), then connect again.';
    }
    return 'Fix: this server requires authorization. Pass transport.authProvider (e.g. new McpOAuthProvider({ redirectUrl, authorize }) for a user sign-in, or { clientId, clientSecret } for client credentials), or the credentials it expects in transport.headers (e.g. Authorization).';
  }
  if (error instanceof UnauthorizedError) {
    return 'Fix: the server needs a user sign-in. Use McpOAuthProvider with an `authorize` hook (it finishes the sign-in itself), or finish the flow of your own provider and connect again.';
  }
  if (error instanceof OAuthError || error instanceof McpAuthorizationError) {
    return 'Fix: check the client registration (clientId/clientSecret, redirectUrl) and the scopes with the authorization server, then connect again.';
  }
  return isStdioTransport(transport)
    ? 'Fix: run the command by hand to see whether it starts and speaks MCP on stdout; raise connectTimeoutMs for slow starts.'
    : 'Fix: check the URL and that the server is running; raise connectTimeoutMs for slow servers.';
}

/** The message of an error (duck-typed: errors from Node's own modules may come from another realm). */
function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport, type EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MemoryEventStore } from './memory-event-store';
import { requestRefusal } from './http-guards';
import type { ServeCore } from './serve-core';
import type { McpHttpOptions } from './serve-options';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastUsed: number;
  /** Requests being handled now (an open SSE stream counts until it ends). */
  busy: number;
}

const DEFAULT_MAX_SESSIONS = 1000;
const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

/**
 * Serves MCP's streamable HTTP transport on one endpoint, with sessions as the specification
 * requires: a POST without `Mcp-Session-Id` must be `initialize` and opens a session (its id in
 * the response header); later requests carry the id; an unknown id is answered 404 (the client
 * starts over); `DELETE` ends a session. Every request passes the host/origin checks and the
 * `authenticate` hook first. Sessions are bounded in number and ended when idle. @internal
 */
export class McpHttpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private readonly eventStore: EventStore | undefined;

  constructor(
    private readonly core: ServeCore,
    private readonly options: McpHttpOptions & { loopback: boolean },
  ) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.sweeper = setInterval(() => void this.sweep(), Math.min(Math.max(this.idleMs / 2, 1000), 60_000));
    this.sweeper.unref();
    this.eventStore = options.eventStore === false ? undefined : (options.eventStore ?? new MemoryEventStore());
  }

  /** The path clients fetch the protected-resource metadata from, for an endpoint at `path` (RFC 9728). */
  static metadataPath(path: string): string {
    return `/.well-known/oauth-protected-resource${path === '/' ? '' : path}`;
  }

  /**
   * Answers a GET of the protected-resource metadata (RFC 9728) of the endpoint at `path`; 404
   * when the endpoint has no `oauth` option.
   */
  handleMetadata(req: IncomingMessage, res: ServerResponse, path: string): void {
    const oauth = this.options.oauth;
    if (!oauth) return answer(res, 404, 'This MCP endpoint has no OAuth protected-resource metadata.');
    const refusal = requestRefusal(req, this.options);
    if (refusal) return answer(res, refusal.status, refusal.message);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET' }).end();
      return;
    }
    if (req.method !== 'GET') return answer(res, 405, 'Only GET is allowed on the protected-resource metadata.');
    const body = {
      resource: oauth.resource ?? this.endpointUrl(req, path),
      authorization_servers: oauth.authorizationServers,
      ...(oauth.scopesSupported ? { scopes_supported: oauth.scopesSupported } : {}),
      bearer_methods_supported: ['header'],
      ...(oauth.resourceName ? { resource_name: oauth.resourceName } : {}),
    };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=300' }).end(JSON.stringify(body));
  }

  private endpointUrl(req: IncomingMessage, path: string): string {
    const host = req.headers.host ?? 'localhost';
    const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
    return `${secure ? 'https' : 'http'}://${host}${path}`;
  }

  private unauthorized(req: IncomingMessage, res: ServerResponse): void {
    const oauth = this.options.oauth;
    if (!oauth) return answer(res, 401, 'Unauthorized.');
    const path = (req.url ?? '/').split('?')[0]!;
    const endpoint = new URL(this.endpointUrl(req, path));
    const metadata = `${endpoint.origin}${McpHttpEndpoint.metadataPath(endpoint.pathname)}`;
    const scope = oauth.scopesSupported?.length ? `, scope="${oauth.scopesSupported.join(' ')}"` : '';
    res.setHeader('WWW-Authenticate', `Bearer error="invalid_token", error_description="A valid bearer token is required", resource_metadata="${metadata}"${scope}`);
    answer(res, 401, 'Unauthorized: send a bearer token from the authorization server named in the protected-resource metadata.');
  }

  /** Sessions open now. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Handles one HTTP request to the MCP endpoint; `parsedBody` when a framework already read the body. */
  async handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    if (this.closed) return answer(res, 503, 'The MCP server is shutting down.');
    const refusal = requestRefusal(req, this.options);
    if (refusal) return answer(res, refusal.status, refusal.message);
    if (this.options.authenticate) {
      let allowed: boolean;
      try {
        allowed = (await this.options.authenticate(req)) === true;
      } catch {
        return answer(res, 500, 'The authentication hook failed.');
      }
      if (!allowed) return this.unauthorized(req, res);
    }
    const method = req.method ?? 'GET';
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
      res.setHeader('Allow', 'GET, POST, DELETE');
      return answer(res, 405, `Method ${method} is not allowed on the MCP endpoint.`);
    }
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const session = this.sessions.get(sessionId);
      if (!session) return answer(res, 404, 'Session not found: it ended or never existed. Start a new session with initialize.');
      return this.serve(session, req, res, parsedBody);
    }
    if (method !== 'POST') return answer(res, 400, 'Bad request: no Mcp-Session-Id header. Start a session with a POST of initialize.');
    await this.open(req, res, parsedBody);
  }

  /** Ends every session. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }

  private async open(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    if (this.sessions.size >= this.maxSessions && !(await this.evictIdlest())) {
      return answer(res, 503, 'Too many MCP sessions are open; try again later.');
    }
    let session: Session | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.options.maxRequestBodyBytes,
      ...(this.eventStore ? { eventStore: this.eventStore, retryInterval: this.options.retryMs ?? 1000 } : {}),
      onsessioninitialized: (id) => {
        if (session) this.sessions.set(id, session);
      },
      onsessionclosed: (id) => void this.end(id),
    });
    const server = this.core.createSession({ transport: 'http', sessionId: () => transport.sessionId, pollingAfterMs: this.eventStore ? this.options.pollingAfterMs : undefined });
    session = { transport, server, lastUsed: Date.now(), busy: 0 };
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await this.serve(session, req, res, parsedBody);
    // Not an initialize request (or a failed one): no session was opened, so nothing keeps it.
    if (transport.sessionId === undefined || !this.sessions.has(transport.sessionId)) await server.close().catch(() => undefined);
  }

  private async serve(session: Session, req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    session.busy++;
    session.lastUsed = Date.now();
    try {
      await session.transport.handleRequest(req, res, parsedBody);
    } finally {
      session.busy--;
      session.lastUsed = Date.now();
    }
  }

  private async end(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  private async evictIdlest(): Promise<boolean> {
    let idlest: [string, Session] | undefined;
    for (const entry of this.sessions) if (entry[1].busy === 0 && (!idlest || entry[1].lastUsed < idlest[1].lastUsed)) idlest = entry;
    if (!idlest) return false;
    await this.end(idlest[0]);
    return true;
  }

  private async sweep(): Promise<void> {
    const oldest = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) if (session.busy === 0 && session.lastUsed < oldest) await this.end(id);
  }
}

/** Answers with a JSON-RPC error body (as the SDK's transport does for its own refusals). */
function answer(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 404 ? -32001 : -32000, message }, id: null }));
}

import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { defineTool } from '@toolwright/core';
import { createMcpHttpHandler, type McpHttpHandler } from '@toolwright/mcp';

/** What the authorization server saw: each authorization request, token grant and registration. */
export interface OAuthLog {
  authorizations: Array<{ clientId: string; scopes: string[]; resource?: string; state?: string }>;
  grants: Array<{ grant: 'authorization_code' | 'refresh_token'; clientId: string; resource?: string }>;
  registrations: string[];
}

/** How the local servers behave. */
export interface LocalOAuthOptions {
  /** Seconds an access token lives (default 3600). */
  tokenLifetimeSeconds?: number;
  /** The scopes the protected resource metadata lists (default none: no `scopes_supported`). */
  scopesSupported?: string[];
  /** Tool name → the scope a call to it needs (a 403 `insufficient_scope` without it). */
  toolScopes?: Record<string, string>;
  /** The authorization endpoint refuses (redirects back with `error=access_denied`). */
  refuse?: boolean;
  /** A scope the authorization server never grants, however often it is asked for. */
  neverGrant?: string;
}

interface Grant {
  clientId: string;
  scopes: string[];
  resource?: string;
}

/**
 * A real local authorization server and an MCP server protected by it, in this process over real
 * HTTP on 127.0.0.1, from the MCP SDK's server-side auth pieces (`mcpAuthRouter`: metadata,
 * dynamic registration, authorize, token with PKCE; `requireBearerAuth`: 401 with
 * `WWW-Authenticate` and `resource_metadata`). The authorization endpoint consents at once and
 * redirects back with a code, as a signed-in user's browser would get. The MCP endpoint is
 * Toolwright's own `createMcpHttpHandler` serving `whoami` and `write_note`.
 */
export class LocalOAuthServers {
  readonly log: OAuthLog = { authorizations: [], grants: [], registrations: [] };
  private server?: Server;
  private mcp?: McpHttpHandler;
  private origin = '';
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  private readonly codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  private readonly accessTokens = new Map<string, Grant & { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(private readonly options: LocalOAuthOptions = {}) {}

  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  get mcpUrl(): string {
    return `${this.origin}/mcp`;
  }

  /** Registers a client beforehand (a pre-registered client). */
  preRegister(client: OAuthClientInformationFull): void {
    this.clients.set(client.client_id, client);
  }

  /** Expires every access token now (their refresh tokens stay valid). */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  async start(): Promise<void> {
    const app = express();
    const provider = this.provider();
    this.server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const mcpUrl = new URL(this.mcpUrl);
    app.use(mcpAuthRouter({ provider, issuerUrl: new URL(this.origin), resourceServerUrl: mcpUrl, scopesSupported: this.options.scopesSupported }));
    this.mcp = await createMcpHttpHandler(
      [
        defineTool({ name: 'whoami', description: 'Who the caller is.', parameters: { type: 'object', properties: {} }, readOnly: true, invoke: () => 'a signed-in user' }),
        defineTool({ name: 'write_note', description: 'Write a note.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, invoke: (_ctx, { text }) => `wrote ${text}` }),
      ],
      { name: 'notes', version: '1.0.0' },
    );
    const resourceMetadataUrl = `${this.origin}/.well-known/oauth-protected-resource/mcp`;
    app.all('/mcp', express.json(), requireBearerAuth({ verifier: provider, resourceMetadataUrl }), (req, res, next) => this.checkScope(req, res, next, resourceMetadataUrl), (req, res) => {
      void this.mcp!.handle(req, res, req.body);
    });
  }

  async stop(): Promise<void> {
    await this.mcp?.close();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** A 403 `insufficient_scope` for a tool call whose token lacks the tool's scope. */
  private checkScope(req: Request, res: Response, next: NextFunction, resourceMetadataUrl: string): void {
    const body = req.body as { method?: string; params?: { name?: string } } | undefined;
    const needed = body?.method === 'tools/call' ? this.options.toolScopes?.[body.params?.name ?? ''] : undefined;
    const auth = (req as Request & { auth?: AuthInfo }).auth;
    if (!needed || auth?.scopes.includes(needed)) return next();
    const scopes = [...new Set([...(auth?.scopes ?? []), needed])].join(' ');
    res.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scopes}", resource_metadata="${resourceMetadataUrl}"`);
    res.status(403).json({ error: 'insufficient_scope', error_description: `${needed} is needed` });
  }

  private provider(): OAuthServerProvider {
    const clients: OAuthRegisteredClientsStore = {
      getClient: (id) => this.clients.get(id),
      registerClient: (client) => {
        const full = client as OAuthClientInformationFull;
        this.clients.set(full.client_id, full);
        this.log.registrations.push(full.client_id);
        return full;
      },
    };
    const issue = (grant: Grant): OAuthTokens => {
      const access = randomBytes(16).toString('hex');
      const refresh = randomBytes(16).toString('hex');
      const lifetime = this.options.tokenLifetimeSeconds ?? 3600;
      this.accessTokens.set(access, { ...grant, expiresAt: Date.now() / 1000 + lifetime });
      this.refreshTokens.set(refresh, grant);
      return { access_token: access, token_type: 'Bearer', expires_in: lifetime, refresh_token: refresh, scope: grant.scopes.join(' ') };
    };
    return {
      clientsStore: clients,
      authorize: async (client, params: AuthorizationParams, res) => {
        const scopes = (params.scopes ?? []).filter((scope) => scope !== this.options.neverGrant);
        this.log.authorizations.push({ clientId: client.client_id, scopes, resource: params.resource?.href, state: params.state });
        const back = new URL(params.redirectUri);
        if (this.options.refuse) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user said no.');
        } else {
          const code = randomBytes(16).toString('hex');
          this.codes.set(code, { clientId: client.client_id, scopes, resource: params.resource?.href, challenge: params.codeChallenge, redirectUri: params.redirectUri });
          back.searchParams.set('code', code);
        }
        if (params.state !== undefined) back.searchParams.set('state', params.state);
        res.redirect(back.href);
      },
      challengeForAuthorizationCode: async (_client, code) => {
        const grant = this.codes.get(code);
        if (!grant) throw new InvalidGrantError('Unknown authorization code');
        return grant.challenge;
      },
      exchangeAuthorizationCode: async (client, code, _verifier, _redirectUri, resource) => {
        const grant = this.codes.get(code);
        if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('Unknown authorization code');
        this.codes.delete(code);
        this.log.grants.push({ grant: 'authorization_code', clientId: client.client_id, resource: resource?.href });
        return issue({ clientId: grant.clientId, scopes: grant.scopes, resource: grant.resource });
      },
      exchangeRefreshToken: async (client, refreshToken, _scopes, resource) => {
        const grant = this.refreshTokens.get(refreshToken);
        if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('Unknown refresh token');
        this.refreshTokens.delete(refreshToken);
        this.log.grants.push({ grant: 'refresh_token', clientId: client.client_id, resource: resource?.href });
        return issue(grant);
      },
      verifyAccessToken: async (token) => {
        const grant = this.accessTokens.get(token);
        if (!grant) throw new InvalidTokenError('Unknown access token');
        return { token, clientId: grant.clientId, scopes: grant.scopes, expiresAt: Math.floor(grant.expiresAt), ...(grant.resource ? { resource: new URL(grant.resource) } : {}) };
      },
    };
  }
}

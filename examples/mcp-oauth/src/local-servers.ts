import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { defineTool } from '@toolwright/core';
import { createMcpHttpHandler } from '@toolwright/mcp';

/** The running servers: the MCP endpoint's URL, and how to stop both. */
export interface LocalServers {
  mcpUrl: string;
  stop(): Promise<void>;
}

/**
 * A local authorization server and an MCP server it protects, on one port of 127.0.0.1: the MCP
 * SDK's `mcpAuthRouter` (metadata, dynamic registration, authorize, token with PKCE) over an
 * in-memory provider whose users consent at once, and `requireBearerAuth` in front of a
 * Toolwright MCP endpoint serving one tool, `whoami`.
 */
export async function startLocalServers(): Promise<LocalServers> {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; challenge: string; resource?: string }>();
  const tokens = new Map<string, { clientId: string; resource?: string; expiresAt: number }>();
  const issue = (clientId: string, resource?: string): OAuthTokens => {
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { clientId, resource, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  };
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: (id) => clients.get(id),
      // The SDK's registration endpoint gives the client its id before it is stored here.
      registerClient: (client) => {
        const full = client as OAuthClientInformationFull;
        clients.set(full.client_id, full);
        return full;
      },
    },
    // The user is signed in and consents: back to the client's callback with a code.
    authorize: async (client, params, res) => {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge, resource: params.resource?.href });
      const back = new URL(params.redirectUri);
      back.searchParams.set('code', code);
      if (params.state !== undefined) back.searchParams.set('state', params.state);
      res.redirect(back.href);
    },
    challengeForAuthorizationCode: async (_client, code) => codes.get(code)?.challenge ?? '',
    exchangeAuthorizationCode: async (client, code) => {
      const grant = codes.get(code);
      if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('unknown code');
      codes.delete(code);
      return issue(client.client_id, grant.resource);
    },
    exchangeRefreshToken: async () => {
      throw new InvalidGrantError('this server issues no refresh tokens');
    },
    verifyAccessToken: async (token) => {
      const grant = tokens.get(token);
      if (!grant) throw new InvalidTokenError('unknown token');
      return { token, clientId: grant.clientId, scopes: [], expiresAt: grant.expiresAt, ...(grant.resource ? { resource: new URL(grant.resource) } : {}) };
    },
  };

  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = `${origin}/mcp`;
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: new URL(mcpUrl) }));
  const mcp = await createMcpHttpHandler(
    [defineTool({ name: 'whoami', description: 'Who the caller is.', parameters: { type: 'object', properties: {} }, readOnly: true, invoke: () => 'You are signed in.' })],
    { name: 'protected-notes', version: '1.0.0' },
  );
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: `${origin}/.well-known/oauth-protected-resource/mcp` });
  app.all('/mcp', express.json(), bearer, (req, res) => void mcp.handle(req, res, req.body));
  return {
    mcpUrl,
    stop: async () => {
      await mcp.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

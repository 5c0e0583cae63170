import { Agent, Runner, ScriptedModel } from '@toolwright/core';
import { McpConnectionError, McpOAuthProvider, McpToolset, type McpOAuthState, type McpOAuthStore } from '@toolwright/mcp';
import { LocalOAuthServers, type LocalOAuthOptions } from '../helpers/oauth-servers';
import { outputText } from '../helpers/runs';

// Real HTTP servers in this process; bounds for a loaded machine, not timing assertions.
jest.setTimeout(60_000);

const REDIRECT = 'http://127.0.0.1:9/callback';

/** A user who consents: follows the authorization endpoint's redirect, as a browser would, and records the URLs. */
function user() {
  const urls: URL[] = [];
  const authorize = async (url: URL): Promise<string> => {
    urls.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from the authorization endpoint (${response.status})`);
    return location;
  };
  return { urls, authorize };
}

/** Calls one tool of the toolset through a run, returning its output. */
async function call(toolset: McpToolset, name: string, args: object = {}): Promise<string> {
  const model = new ScriptedModel([{ toolCalls: [{ name, arguments: args, callId: 'c1' }] }, { text: 'done' }]);
  const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go');
  return outputText(result, 'c1');
}

describe('McpToolset with OAuth (a real local authorization server and protected MCP server)', () => {
  let servers: LocalOAuthServers;
  const toolsets: McpToolset[] = [];
  const start = async (options: LocalOAuthOptions = {}) => {
    servers = new LocalOAuthServers(options);
    await servers.start();
  };
  const toolset = (authProvider?: McpOAuthProvider) => {
    const made = new McpToolset({ name: 'notes', transport: { url: servers.mcpUrl, authProvider }, maxRetryAttempts: 0, requireApproval: false });
    toolsets.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of toolsets.splice(0)) await made.close();
    await servers?.stop();
  });

  describe('when the server answers 401', () => {
    it('registers dynamically, signs in with PKCE and the resource indicator, and calls the tool', async () => {
      await start();
      const person = user();
      const notes = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: person.authorize }));
      expect(await call(notes, 'whoami')).toBe('a signed-in user');
      expect(servers.log.registrations).toHaveLength(1);
      expect(person.urls).toHaveLength(1);
      const asked = person.urls[0].searchParams;
      expect(asked.get('code_challenge_method')).toBe('S256');
      expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(asked.get('resource')).toBe(servers.mcpUrl);
      expect(asked.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(asked.has('scope')).toBe(false);
      expect(servers.log.grants).toEqual([{ grant: 'authorization_code', clientId: servers.log.registrations[0], resource: servers.mcpUrl }]);
    });

    it('asks for the scopes the protected resource metadata lists', async () => {
      await start({ scopesSupported: ['notes:read', 'notes:write'] });
      const person = user();
      await toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: person.authorize })).connect();
      expect(person.urls[0].searchParams.get('scope')).toBe('notes:read notes:write');
    });

    it('uses a pre-registered client without registering', async () => {
      await start();
      servers.preRegister({ client_id: 'pre-registered', client_secret: 'sesame', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' });
      const notes = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: user().authorize, clientId: 'pre-registered', clientSecret: 'sesame' }));
      expect(await call(notes, 'whoami')).toBe('a signed-in user');
      expect(servers.log.registrations).toEqual([]);
      expect(servers.log.grants.map((g) => g.clientId)).toEqual(['pre-registered']);
    });

    it('names the fix when no authProvider is given', async () => {
      await start();
      const error = await toolset().connect().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpConnectionError);
      expect((error as Error).message).toMatch(/Missing Authorization header/);
      expect((error as Error).message).toMatch(/Pass transport\.authProvider \(e\.g\. new McpOAuthProvider/);
    });
  });

  describe('when tokens expire', () => {
    it('refreshes them without a new sign-in', async () => {
      await start();
      const person = user();
      const notes = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: person.authorize }));
      expect(await call(notes, 'whoami')).toBe('a signed-in user');
      servers.expireAccessTokens();
      expect(await call(notes, 'whoami')).toBe('a signed-in user');
      expect(person.urls).toHaveLength(1);
      expect(servers.log.grants.map((g) => g.grant)).toEqual(['authorization_code', 'refresh_token']);
      expect(servers.log.grants[1].resource).toBe(servers.mcpUrl);
    });
  });

  describe('with a store', () => {
    it('keeps the registration and tokens there, so another process does not sign in again', async () => {
      await start();
      const rows = new Map<string, string>();
      const store: McpOAuthStore = {
        load: async (key) => (rows.has(key) ? (JSON.parse(rows.get(key)!) as McpOAuthState) : undefined),
        save: async (key, state) => void rows.set(key, JSON.stringify(state)),
      };
      const first = user();
      await toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: first.authorize, store, storeKey: 'notes' })).connect();
      const saved = JSON.parse(rows.get('notes')!) as McpOAuthState;
      expect(saved.tokens?.access_token).toEqual(expect.any(String));
      expect(saved.client?.client_id).toBe(servers.log.registrations[0]);
      const second = user();
      const again = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: second.authorize, store, storeKey: 'notes' }));
      expect(await call(again, 'whoami')).toBe('a signed-in user');
      expect(second.urls).toHaveLength(0);
      expect(servers.log.registrations).toHaveLength(1);
    });
  });

  describe('when a tool needs a scope the token lacks (403 insufficient_scope)', () => {
    it('signs in again for the larger scope and sends the call once more', async () => {
      await start({ scopesSupported: ['notes:read'], toolScopes: { write_note: 'notes:write' } });
      const person = user();
      const notes = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: person.authorize }));
      expect(await call(notes, 'write_note', { text: 'hi' })).toBe('wrote hi');
      expect(person.urls.map((u) => u.searchParams.get('scope'))).toEqual(['notes:read', 'notes:read notes:write']);
    });

    it('gives up after a bounded number of sign-ins when the scope is never granted', async () => {
      await start({ scopesSupported: ['notes:read'], toolScopes: { write_note: 'notes:write' }, neverGrant: 'notes:write' });
      const person = user();
      const notes = toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: person.authorize }));
      expect(await call(notes, 'write_note', { text: 'hi' })).toMatch(/403/);
      expect(person.urls.length).toBeGreaterThanOrEqual(2);
      expect(person.urls.length).toBeLessThanOrEqual(3);
    });
  });

  describe('when the sign-in fails', () => {
    it('reports a refusal by the authorization server', async () => {
      await start({ refuse: true });
      const error = await toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: user().authorize })).connect().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpConnectionError);
      expect((error as Error).message).toMatch(/refused the sign-in: access_denied \(The user said no\.\)/);
    });

    it('refuses a callback that carries another state', async () => {
      await start();
      const person = user();
      const forged = async (url: URL) => {
        const callback = new URL(await person.authorize(url));
        callback.searchParams.set('state', 'forged');
        return callback;
      };
      const error = await toolset(new McpOAuthProvider({ redirectUrl: REDIRECT, authorize: forged })).connect().catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/another "state"/);
      expect(servers.log.grants).toEqual([]);
    });
  });
});

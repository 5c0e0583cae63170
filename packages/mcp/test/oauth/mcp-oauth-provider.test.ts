import { McpAuthorizationError, McpOAuthProvider, McpToolset, type McpOAuthState } from '@toolwright/mcp';
import { UserError } from '@toolwright/core';
import { codeFromCallback } from '../../src/oauth/authorization-callback';

const signIn = { redirectUrl: 'http://127.0.0.1:8765/callback', authorize: async (): Promise<string> => 'code' };

describe('McpOAuthProvider', () => {
  describe('options', () => {
    it.each([
      [undefined, /options are missing/],
      [{}, /client credentials need `clientId`/],
      [{ authorize: async (): Promise<string> => 'x' }, /needs `redirectUrl`/],
      [{ redirectUrl: 'http://x/cb', grant: 'authorization_code' }, /needs an `authorize` hook/],
      [{ ...signIn, redirectUrl: 'not a url' }, /redirectUrl must be a full URL/],
      [{ clientId: 'svc' }, /need `clientSecret` or `privateKey`/],
      [{ ...signIn, clientMetadataUrl: 'http://app.example.com/client.json' }, /clientMetadataUrl must be an https URL with a path/],
      [{ ...signIn, clientId: '' }, /clientId must be a non-empty string/],
      [{ ...signIn, store: { load: () => undefined } }, /store must have load\(key\) and save\(key, state\)/],
      [{ ...signIn, grant: 'implicit' }, /grant "implicit" is unknown/],
    ])('refuses %p, saying how to fix it', (options, message) => {
      expect(() => new McpOAuthProvider(options as never)).toThrow(UserError);
      expect(() => new McpOAuthProvider(options as never)).toThrow(message);
      expect(() => new McpOAuthProvider(options as never)).toThrow(/Fix: /);
    });

    it('decides the grant: a user sign-in with authorize, else client credentials', () => {
      const user = new McpOAuthProvider(signIn);
      expect(user.redirectUrl).toBe('http://127.0.0.1:8765/callback');
      expect(user.prepareTokenRequest).toBeUndefined();
      expect(user.clientMetadata).toEqual({
        client_name: 'Toolwright',
        redirect_uris: ['http://127.0.0.1:8765/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      });
      const service = new McpOAuthProvider({ clientId: 'svc', clientSecret: 's', scope: 'read' });
      expect(service.redirectUrl).toBeUndefined();
      expect(service.prepareTokenRequest!('read')!.toString()).toBe('grant_type=client_credentials&scope=read');
      expect(service.clientMetadata).toMatchObject({ grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic', scope: 'read' });
      const jwt = new McpOAuthProvider({ clientId: 'svc', privateKey: '-----BEGIN PRIVATE KEY-----' });
      expect(jwt.addClientAuthentication).toEqual(expect.any(Function));
      expect(jwt.clientMetadata.token_endpoint_auth_method).toBe('private_key_jwt');
    });

    it('is refused by McpToolset when it is not a provider', () => {
      expect(() => new McpToolset({ name: 'x', transport: { url: 'http://localhost/mcp', authProvider: {} as never } })).toThrow(/transport\.authProvider must be an OAuthClientProvider/);
    });
  });

  describe('state', () => {
    it('presents the pre-registered client until a registration is saved', async () => {
      const provider = new McpOAuthProvider({ ...signIn, clientId: 'pre', clientSecret: 'sesame', issuer: 'https://auth.example.com' });
      expect(await provider.clientInformation()).toEqual({ client_id: 'pre', client_secret: 'sesame', issuer: 'https://auth.example.com' });
      await provider.saveClientInformation({ client_id: 'pre', client_secret: 'sesame', issuer: 'https://other.example.com' });
      expect(await provider.clientInformation()).toEqual({ client_id: 'pre', client_secret: 'sesame', issuer: 'https://other.example.com' });
    });

    it('saves the whole state to the store, in order, and forgets what is invalidated', async () => {
      const saved: McpOAuthState[] = [];
      const provider = new McpOAuthProvider({ ...signIn, store: { load: () => ({ tokens: { access_token: 'old', token_type: 'Bearer' } }), save: async (_key, state) => void saved.push(state) }, storeKey: 'k' });
      expect(await provider.tokens()).toEqual({ access_token: 'old', token_type: 'Bearer' });
      await provider.saveClientInformation({ client_id: 'c' });
      await provider.saveTokens({ access_token: 'new', token_type: 'Bearer' });
      await provider.invalidateCredentials('tokens');
      expect(saved).toEqual([
        { client: { client_id: 'c' }, tokens: { access_token: 'old', token_type: 'Bearer' } },
        { client: { client_id: 'c' }, tokens: { access_token: 'new', token_type: 'Bearer' } },
        { client: { client_id: 'c' } },
      ]);
      await provider.invalidateCredentials('all');
      expect(await provider.clientInformation()).toBeUndefined();
    });

    it('sends a fresh state with every authorization and checks it on the way back', async () => {
      const provider = new McpOAuthProvider({ ...signIn, authorize: async (url) => `http://127.0.0.1:8765/callback?code=abc&state=${url.searchParams.get('state')}` });
      const state = provider.state();
      expect(provider.state()).not.toBe(state);
      await provider.redirectToAuthorization(new URL(`https://auth.example.com/authorize?state=${provider.state()}`));
      expect(provider.takeAuthorizationCode()).toBe('abc');
      expect(provider.takeAuthorizationCode()).toBeUndefined();
    });
  });
});

describe('codeFromCallback', () => {
  it('reads the code of a callback URL with the expected state, or takes a bare code', () => {
    expect(codeFromCallback('http://localhost/cb?code=abc&state=s1', 's1')).toBe('abc');
    expect(codeFromCallback(new URL('myapp://cb?code=abc'), undefined)).toBe('abc');
    expect(codeFromCallback(' abc ', 's1')).toBe('abc');
  });

  it.each([
    ['http://localhost/cb?code=abc&state=other', /another "state"/],
    ['http://localhost/cb?error=access_denied&error_description=no', /refused the sign-in: access_denied \(no\)/],
    ['http://localhost/cb?state=s1', /has no "code" parameter/],
    ['', /must resolve with the callback URL/],
    [42, /must resolve with the callback URL/],
    ['x'.repeat(5000), /must resolve with the callback URL/],
  ])('refuses %p', (answer, message) => {
    expect(() => codeFromCallback(answer, 's1')).toThrow(McpAuthorizationError);
    expect(() => codeFromCallback(answer, 's1')).toThrow(message);
  });
});

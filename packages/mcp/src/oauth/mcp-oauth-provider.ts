import { randomBytes } from 'node:crypto';
import type { AddClientAuthentication, OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { codeFromCallback } from './authorization-callback';
import { resolveOAuthOptions, type McpOAuthProviderOptions, type ResolvedOAuthOptions } from './oauth-provider-options';
import { memoryOAuthStore, type McpOAuthState, type McpOAuthStore } from './oauth-store';

/**
 * Toolwright's `OAuthClientProvider` for `McpToolset`'s `transport.authProvider`: the MCP SDK's
 * own `auth()` does discovery (protected-resource and authorization-server metadata, path and
 * root variants), registration (dynamic, CIMD or pre-registered), PKCE with the `resource`
 * indicator, token endpoint authentication, refresh and step-up; this provider keeps what it
 * learns (in memory or in your `store`) and, for a user sign-in, hands the authorization URL to
 * your `authorize` hook and the code it returns back to the toolset, which finishes the sign-in
 * and goes on with the request.
 *
 * @example
 * const auth = new McpOAuthProvider({
 *   redirectUrl: 'http://localhost:8765/callback',
 *   authorize: async (url) => waitForCallback(url), // open url in a browser, resolve with the callback URL
 * });
 * const docs = new McpToolset({ name: 'docs', transport: { url: 'https://mcp.example.com/mcp', authProvider: auth } });
 */
export class McpOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** Set for `private_key_jwt`: signs the client assertion of each token request. */
  readonly addClientAuthentication?: AddClientAuthentication;
  /** Set for client credentials: the grant of each token request. */
  readonly prepareTokenRequest?: (scope?: string) => URLSearchParams;
  private readonly options: ResolvedOAuthOptions;
  private readonly store: McpOAuthStore;
  private state_?: McpOAuthState;
  private saving: Promise<void> = Promise.resolve();
  private verifier?: string;
  private sentState?: string;
  private pendingCode?: string;

  constructor(options: McpOAuthProviderOptions) {
    this.options = resolveOAuthOptions(options);
    this.store = this.options.store ?? memoryOAuthStore();
    this.clientMetadataUrl = this.options.clientMetadataUrl;
    const { clientId, privateKey } = this.options;
    if (this.options.grant === 'client_credentials') {
      this.prepareTokenRequest = (scope) => {
        const params = new URLSearchParams({ grant_type: 'client_credentials' });
        if (scope) params.set('scope', scope);
        return params;
      };
      if (privateKey !== undefined) {
        this.addClientAuthentication = createPrivateKeyJwtAuth({
          issuer: clientId!,
          subject: clientId!,
          privateKey: privateKey as Parameters<typeof createPrivateKeyJwtAuth>[0]['privateKey'],
          alg: this.options.algorithm ?? 'ES256',
        });
      }
    }
  }

  get redirectUrl(): string | undefined {
    return this.options.grant === 'authorization_code' ? String(this.options.redirectUrl) : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const o = this.options;
    const code = o.grant === 'authorization_code';
    const method = o.privateKey !== undefined ? 'private_key_jwt' : o.clientSecret !== undefined ? 'client_secret_basic' : undefined;
    return {
      client_name: o.clientName,
      redirect_uris: code ? [String(o.redirectUrl)] : [],
      grant_types: code ? ['authorization_code', 'refresh_token'] : ['client_credentials'],
      response_types: code ? ['code'] : [],
      ...(method ? { token_endpoint_auth_method: method } : {}),
      ...(o.scope ? { scope: o.scope } : {}),
      ...o.clientMetadata,
    };
  }

  /** A fresh `state` for each authorization request; the callback must carry it back. */
  state(): string {
    this.sentState = randomBytes(16).toString('base64url');
    return this.sentState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.load()).client;
    if (stored) return stored;
    const { clientId, clientSecret, issuer } = this.options;
    if (clientId === undefined) return undefined;
    return { client_id: clientId, ...(clientSecret !== undefined ? { client_secret: clientSecret } : {}), ...(issuer !== undefined ? { issuer } : {}) };
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    await this.update({ client });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update({ tokens });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.load()).discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update({ discovery });
  }

  /** Hands the URL to the `authorize` hook and keeps the code it brings back for the toolset. */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.pendingCode = undefined;
    const authorize = this.options.authorize;
    if (!authorize) throw new Error('McpOAuthProvider: this provider uses client credentials; the server asked for a user sign-in. Pass authorize and redirectUrl.');
    const answer = await authorize(new URL(authorizationUrl.href));
    this.pendingCode = codeFromCallback(answer, this.sentState);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('McpOAuthProvider: no PKCE code verifier was saved for this sign-in.');
    return this.verifier;
  }

  /** Forgets what the authorization server said is no longer valid. */
  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'verifier') return;
    const state = { ...(await this.load()) };
    if (scope === 'all' || scope === 'client') delete state.client;
    if (scope === 'all' || scope === 'tokens') delete state.tokens;
    if (scope === 'all' || scope === 'discovery') delete state.discovery;
    await this.replace(state);
  }

  /** The code the last `authorize` brought back, once. @internal */
  takeAuthorizationCode(): string | undefined {
    const code = this.pendingCode;
    this.pendingCode = undefined;
    return code;
  }

  private async load(): Promise<McpOAuthState> {
    if (this.state_) return this.state_;
    const loaded = await this.store.load(this.options.storeKey);
    this.state_ ??= typeof loaded === 'object' && loaded !== null ? { ...loaded } : {};
    return this.state_;
  }

  private async update(change: Partial<McpOAuthState>): Promise<void> {
    await this.replace({ ...(await this.load()), ...change });
  }

  /** Saves the whole state; saves happen in order, so the store ends with the latest. */
  private async replace(state: McpOAuthState): Promise<void> {
    this.state_ = state;
    const save = this.saving.then(() => this.store.save(this.options.storeKey, state));
    this.saving = save.catch(() => undefined);
    await save;
  }
}

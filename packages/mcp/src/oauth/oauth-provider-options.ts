import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { UserError } from '@toolwright/core';
import type { McpOAuthStore } from './oauth-store';

/** A private key for `private_key_jwt`: PEM (PKCS#8) text, a JWK, or bytes (PKCS#8 DER or an HMAC secret). */
export type McpOAuthPrivateKey = string | Uint8Array | Record<string, unknown>;

/**
 * Options of `new McpOAuthProvider(...)`. Two grants:
 * - authorization code + PKCE (a user signs in): give `redirectUrl` and `authorize`;
 * - client credentials (a service signs in as itself): give `clientId` with `clientSecret`
 *   (`client_secret_basic`/`_post`) or `privateKey` (`private_key_jwt`), and no `authorize`.
 */
export interface McpOAuthProviderOptions {
  /**
   * Sends the user to `authorizationUrl` (opens a browser, prints a link, ...) and resolves with
   * where the authorization server sent them back: the full callback URL (its `state` is
   * checked, an `error` becomes `McpAuthorizationError`) or just the `code`.
   */
  authorize?: (authorizationUrl: URL) => Promise<string | URL>;
  /** Your callback URL, registered with the authorization server (authorization code grant). */
  redirectUrl?: string | URL;
  /** Which grant (default: `authorization_code` with `authorize`, else `client_credentials`). */
  grant?: 'authorization_code' | 'client_credentials';
  /** A pre-registered client id (no dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret (`client_secret_basic`, or `_post` when the server only takes that). */
  clientSecret?: string;
  /** Signs a `private_key_jwt` client assertion for client credentials (with `clientId`). */
  privateKey?: McpOAuthPrivateKey;
  /** The JWS algorithm of `privateKey` (default `ES256`). */
  algorithm?: string;
  /**
   * The issuer URL of the authorization server a pre-registered client belongs to: its
   * credentials are then never sent to another one. Recommended with `clientId`.
   */
  issuer?: string;
  /**
   * An https URL of your client ID metadata document (CIMD): used as the client id with
   * authorization servers that support it (`client_id_metadata_document_supported`), instead of
   * dynamic registration.
   */
  clientMetadataUrl?: string;
  /** How the client names itself when it registers (default `Toolwright`). */
  clientName?: string;
  /**
   * Scopes to ask for when neither the server's `WWW-Authenticate` challenge nor its
   * `scopes_supported` names any (space-separated). Default: none (the `scope` parameter is left out).
   */
  scope?: string;
  /** More client metadata for dynamic registration (`logo_uri`, `token_endpoint_auth_method`, ...). */
  clientMetadata?: Partial<OAuthClientMetadata>;
  /** Where to keep registrations and tokens (default: memory). */
  store?: McpOAuthStore;
  /** This provider's key in `store` (default `default`); use one per MCP server. */
  storeKey?: string;
}

/** The options, checked, with the grant decided. @internal */
export interface ResolvedOAuthOptions extends McpOAuthProviderOptions {
  grant: 'authorization_code' | 'client_credentials';
  storeKey: string;
  clientName: string;
}

/** Checks provider options; a bad one is a `UserError` saying how to fix it. @internal */
export function resolveOAuthOptions(options: McpOAuthProviderOptions | undefined): ResolvedOAuthOptions {
  const fail = (what: string, fix: string): never => {
    throw new UserError(`McpOAuthProvider: ${what}. Fix: ${fix}.`);
  };
  if (typeof options !== 'object' || options === null) {
    fail('options are missing', "pass { redirectUrl, authorize } for a user's sign-in, or { clientId, clientSecret } for client credentials");
  }
  const o = options!;
  const grant = o.grant ?? (o.authorize !== undefined ? 'authorization_code' : 'client_credentials');
  if (grant !== 'authorization_code' && grant !== 'client_credentials') fail(`grant ${JSON.stringify(grant)} is unknown`, "use 'authorization_code' or 'client_credentials'");
  for (const key of ['clientId', 'clientSecret', 'algorithm', 'issuer', 'clientMetadataUrl', 'clientName', 'scope', 'storeKey'] as const) {
    const value = o[key];
    if (value !== undefined && (typeof value !== 'string' || value.length === 0)) fail(`${key} must be a non-empty string`, `pass a string or leave ${key} out`);
  }
  if (grant === 'authorization_code') {
    if (typeof o.authorize !== 'function') fail('the authorization code grant needs an `authorize` hook', 'pass authorize: async (url) => /* send the user to url */ callbackUrl');
    if (o.redirectUrl === undefined) fail('the authorization code grant needs `redirectUrl`', "pass your registered callback URL, e.g. redirectUrl: 'http://localhost:8765/callback'");
    checkUrl(o.redirectUrl, 'redirectUrl', fail, false);
  } else {
    if (o.clientId === undefined) fail('client credentials need `clientId`', 'pass clientId with clientSecret or privateKey (or pass authorize and redirectUrl for a user sign-in)');
    if (o.clientSecret === undefined && o.privateKey === undefined) fail('client credentials need `clientSecret` or `privateKey`', 'pass one of them');
  }
  if (o.privateKey !== undefined && typeof o.privateKey !== 'string' && !(o.privateKey instanceof Uint8Array) && (typeof o.privateKey !== 'object' || o.privateKey === null)) {
    fail('privateKey must be PEM text, a JWK object or bytes', 'pass the PKCS#8 PEM of your key');
  }
  if (o.clientMetadataUrl !== undefined) {
    const url = checkUrl(o.clientMetadataUrl, 'clientMetadataUrl', fail, true);
    if (url.protocol !== 'https:' || url.pathname === '/') fail(`clientMetadataUrl must be an https URL with a path (got ${o.clientMetadataUrl})`, "host your client metadata document, e.g. 'https://app.example.com/oauth/client.json'");
  }
  if (o.store !== undefined && (typeof o.store !== 'object' || o.store === null || typeof o.store.load !== 'function' || typeof o.store.save !== 'function')) {
    fail('store must have load(key) and save(key, state)', 'pass an object with both methods, or leave store out to keep tokens in memory');
  }
  if (o.clientMetadata !== undefined && (typeof o.clientMetadata !== 'object' || o.clientMetadata === null)) fail('clientMetadata must be an object', 'pass e.g. { logo_uri }');
  return { ...o, grant, storeKey: o.storeKey ?? 'default', clientName: o.clientName ?? 'Toolwright' };
}

/** A URL option parsed; `web`: only http(s) (a redirect URL may use an app's own scheme). */
function checkUrl(value: unknown, key: string, fail: (what: string, fix: string) => never, web: boolean): URL {
  try {
    const url = new URL(String(value));
    if (!web || url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  return fail(`${key} must be ${web ? 'an http(s)' : 'a full'} URL (got ${JSON.stringify(String(value)).slice(0, 200)})`, `pass a full URL for ${key}`);
}

import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * What `McpOAuthProvider` keeps about one MCP server's authorization: the client registration
 * (dynamic, CIMD or the pre-registered one, stamped with its authorization server), the tokens,
 * and the discovered metadata. Store it unchanged: the SDK refuses to show a registration or a
 * refresh token to an authorization server other than the one in its `issuer`.
 */
export interface McpOAuthState {
  /** The client registration (dynamic, CIMD or pre-registered), with its `issuer`. */
  client?: OAuthClientInformationMixed;
  /** The access and refresh tokens, with their `issuer`. */
  tokens?: OAuthTokens;
  /** The discovered protected-resource and authorization-server metadata. */
  discovery?: OAuthDiscoveryState;
}

/**
 * Where `McpOAuthProvider` keeps its state between processes (a database row, a secrets store, a
 * file). `key` is the provider's `storeKey`, so one store can serve many servers. Both methods
 * may be async; `save` receives the whole state each time.
 *
 * @example
 * const rows = new Map<string, string>();
 * const store: McpOAuthStore = {
 *   load: (key) => (rows.has(key) ? JSON.parse(rows.get(key)!) : undefined),
 *   save: (key, state) => void rows.set(key, JSON.stringify(state)),
 * };
 */
export interface McpOAuthStore {
  /** The state saved under `key`, or `undefined` when there is none yet. */
  load(key: string): McpOAuthState | undefined | Promise<McpOAuthState | undefined>;
  /** Replaces the state under `key`. */
  save(key: string, state: McpOAuthState): void | Promise<void>;
}

/** A store in this process's memory (the default): authorization lasts as long as the provider. @internal */
export function memoryOAuthStore(): McpOAuthStore {
  const states = new Map<string, McpOAuthState>();
  return {
    load: (key) => states.get(key),
    save: (key, state) => {
      states.set(key, state);
    },
  };
}

import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AuthorizingHttpTransport, isToolwrightProvider, stepUpFetch } from './authorizing-transport';
import { boundedFetch, DEFAULT_MAX_MESSAGE_BYTES } from './bounded-fetch';

/** How to reach an MCP server over HTTP. */
export interface McpHttpTransportOptions {
  /** The server's MCP endpoint, e.g. `https://example.com/mcp`. */
  url: string;
  /** Sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /**
   * OAuth for servers that answer 401 (the MCP authorization spec): Toolwright's
   * `McpOAuthProvider`, or any `OAuthClientProvider` of the MCP SDK (e.g. its
   * `ClientCredentialsProvider`). Tokens are sent as `Authorization: Bearer …`; discovery,
   * registration, refresh and step-up to more scopes are the SDK's `auth()`.
   */
  authProvider?: OAuthClientProvider;
  /**
   * `auto` (default): streamable HTTP, falling back to the older HTTP+SSE transport when the
   * server answers the first POST with 400, 404 or 405 (as the MCP specification's
   * backwards-compatibility section describes). `streamable-http` or `sse` force one.
   */
  protocol?: 'auto' | 'streamable-http' | 'sse';
  /** A fetch implementation to use instead of the global one (proxies, tests). */
  fetch?: FetchLike;
  /**
   * The largest message the server may send, in bytes: a JSON response as a whole, an event of
   * an event stream each. Past it the connection ends with an error naming this option. Default
   * 16 MiB, as over stdio.
   */
  maxMessageBytes?: number;
}

/** The fetch a transport for `options` uses: the given or global one, bounded by maxMessageBytes. */
function transportFetch(options: McpHttpTransportOptions, onOversize: (problem: string) => void): FetchLike {
  return boundedFetch(options.fetch, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES, onOversize);
}

/** A streamable HTTP client transport for `options`; `onOversize` hears of a message past the bound. @internal */
export function streamableHttpTransport(options: McpHttpTransportOptions, onOversize: (problem: string) => void): StreamableHTTPClientTransport {
  const settings = {
    requestInit: options.headers ? { headers: options.headers } : undefined,
    fetch: transportFetch(options, onOversize),
  };
  const provider = options.authProvider;
  if (isToolwrightProvider(provider)) return new AuthorizingHttpTransport(new URL(options.url), { ...settings, fetch: stepUpFetch(settings.fetch, provider) }, provider);
  return new StreamableHTTPClientTransport(new URL(options.url), { ...settings, authProvider: provider });
}

/** An HTTP+SSE (protocol version 2024-11-05) client transport for `options`. @internal */
export function sseTransport(options: McpHttpTransportOptions, onOversize: (problem: string) => void): SSEClientTransport {
  return new SSEClientTransport(new URL(options.url), {
    requestInit: options.headers ? { headers: options.headers } : undefined,
    fetch: transportFetch(options, onOversize),
    authProvider: options.authProvider,
  });
}

/** Whether a failed streamable HTTP connect means "this server only speaks HTTP+SSE". @internal */
export function isSseFallbackAnswer(error: unknown): boolean {
  return error instanceof StreamableHTTPError && (error.code === 400 || error.code === 404 || error.code === 405);
}

import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport, type StreamableHTTPClientTransportOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { McpOAuthProvider } from '../oauth/mcp-oauth-provider';

/** Sign-ins one message may go through: the first, and step-ups to more scopes. @internal */
export const MAX_SIGN_INS_PER_MESSAGE = 3;

/**
 * A streamable HTTP transport that finishes a user's sign-in itself. The SDK's transport answers
 * a 401 (or a 403 `insufficient_scope`) by running `auth()`, which sends the user to the
 * authorization server through the provider and then throws `UnauthorizedError`; with an
 * `McpOAuthProvider`, whose `authorize` hook has brought the code back by then, this transport
 * exchanges it (`finishAuth`) and sends the message again — at most `MAX_SIGN_INS_PER_MESSAGE`
 * times, so a server that keeps asking for a scope it never grants ends in an error, not a loop.
 * The message was refused, not processed, so sending it again repeats nothing. @internal
 */
export class AuthorizingHttpTransport extends StreamableHTTPClientTransport {
  constructor(
    url: URL,
    options: StreamableHTTPClientTransportOptions,
    private readonly provider: McpOAuthProvider,
  ) {
    super(url, { ...options, authProvider: provider });
  }

  override async send(message: JSONRPCMessage | JSONRPCMessage[], options?: TransportSendOptions): Promise<void> {
    for (let signIns = 1; ; signIns++) {
      try {
        return await super.send(message, options);
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) throw error;
        const code = this.provider.takeAuthorizationCode();
        if (code === undefined || signIns >= MAX_SIGN_INS_PER_MESSAGE) throw error;
        await this.finishAuth(code);
      }
    }
  }
}

/** Whether `provider` is Toolwright's own (it brings authorization codes back). @internal */
export function isToolwrightProvider(provider: unknown): provider is McpOAuthProvider {
  return provider instanceof McpOAuthProvider;
}

/**
 * Makes a step-up a new sign-in: on a 403 `insufficient_scope`, the provider's tokens are
 * forgotten before the SDK sees the answer. Otherwise the SDK's `auth()` would refresh them,
 * and a refresh grant cannot add scopes, so the server would refuse again. @internal
 */
export function stepUpFetch(fetchImpl: FetchLike, provider: McpOAuthProvider): FetchLike {
  return async (url, init) => {
    const response = await fetchImpl(url, init);
    if (response.status === 403 && /error\s*=\s*"?insufficient_scope/i.test(response.headers.get('www-authenticate') ?? '')) {
      await provider.invalidateCredentials('tokens');
    }
    return response;
  };
}

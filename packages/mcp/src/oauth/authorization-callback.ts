import { McpAuthorizationError } from '../errors/mcp-authorization.error';
import { boundedText } from '../shared/bounded-text';

/**
 * The authorization code in what an `authorize` hook returned: the callback URL the user came
 * back to (its `state` must be the one sent; an `error` is the authorization server's refusal)
 * or the bare code. @internal
 */
export function codeFromCallback(answer: unknown, expectedState: string | undefined): string {
  if (answer instanceof URL || (typeof answer === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(answer))) {
    const url = answer instanceof URL ? answer : new URL(answer);
    const params = url.searchParams;
    const error = params.get('error');
    if (error !== null) {
      const description = params.get('error_description');
      throw new McpAuthorizationError(
        `The authorization server refused the sign-in: ${boundedText(error, 100)}${description ? ` (${boundedText(description, 300)})` : ''}. ` +
          'Fix: sign in again and allow the access, or ask the server owner which scopes you may have.',
      );
    }
    const code = params.get('code');
    if (!code) throw new McpAuthorizationError(`The callback URL the authorize hook returned has no "code" parameter (got ${boundedText(url.origin + url.pathname, 200)}). Fix: return the full URL the user was redirected to, query included.`);
    if (expectedState !== undefined && params.get('state') !== expectedState) {
      throw new McpAuthorizationError('The callback URL the authorize hook returned carries another "state" than the authorization request sent, so it may not belong to this sign-in. Fix: return the callback of the latest authorization URL.');
    }
    return code;
  }
  if (typeof answer !== 'string' || answer.trim().length === 0 || answer.length > 4096) {
    throw new McpAuthorizationError(`The authorize hook must resolve with the callback URL (or the authorization code); it gave ${boundedText(String(answer), 100)}. Fix: resolve with the URL the user was redirected back to.`);
  }
  return answer.trim();
}

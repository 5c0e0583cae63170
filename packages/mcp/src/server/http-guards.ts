import type { IncomingMessage } from 'node:http';
import type { McpHttpOptions } from './serve-options';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a request to the MCP endpoint is refused before anything else (DNS-rebinding protection,
 * as the transport specification asks): a `Host` not allowed (by default, for a server bound to
 * loopback, only loopback names), or an `Origin` not allowed (by default only loopback
 * origins). `undefined` when the request may proceed. @internal
 */
export function requestRefusal(req: IncomingMessage, options: McpHttpOptions & { loopback: boolean }): { status: number; message: string } | undefined {
  const host = hostnameOf(req.headers.host);
  if (options.allowedHosts) {
    if (!host || !options.allowedHosts.map((h) => h.toLowerCase()).includes(host)) return { status: 403, message: `Host ${JSON.stringify(req.headers.host ?? '')} is not allowed.` };
  } else if (options.loopback && (!host || !LOOPBACK_HOSTS.has(host))) {
    return { status: 403, message: `Host ${JSON.stringify(req.headers.host ?? '')} is not allowed for a server bound to loopback.` };
  }
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? undefined : { status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed.` };
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).hostname.toLowerCase();
  } catch {
    originHost = undefined;
  }
  if (originHost === '::1') originHost = '[::1]';
  return originHost && LOOPBACK_HOSTS.has(originHost) ? undefined : { status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed.` };
}

/** The host name of a `Host` header, without the port, lower case. */
function hostnameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? undefined : value.slice(0, end + 1);
  }
  return value.split(':')[0];
}

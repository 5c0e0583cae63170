import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ConsoleIdentity } from '../options/console-options';

/** An `authorize` for HTTP basic auth: any user name with `token` as its password, as that user. */
export function basicAuth(token: string): (req: IncomingMessage) => false | ConsoleIdentity {
  const expected = Buffer.from(token, 'utf8');
  return (req) => {
    const header = req.headers.authorization;
    if (typeof header !== 'string' || !header.startsWith('Basic ') || header.length > 4_096) return false;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return false;
    const given = Buffer.from(decoded.slice(colon + 1), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return { user: decoded.slice(0, colon).slice(0, 200) };
  };
}

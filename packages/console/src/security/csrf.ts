import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const COOKIE = 'tw_console_csrf';

/**
 * The CSRF token of a browser (double submit): a random token in a `SameSite=Strict`, `HttpOnly`
 * cookie, repeated in every form. Made on the first page a browser loads.
 */
export function csrfToken(req: IncomingMessage, res: ServerResponse, cookiePath: string): string {
  const existing = readCookie(req, COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  const secure = isHttps(req) ? '; Secure' : '';
  res.appendHeader('Set-Cookie', `${COOKIE}=${token}; Path=${cookiePath || '/'}; HttpOnly; SameSite=Strict${secure}`);
  return token;
}

/** Whether `submitted` is this browser's token. */
export function checkCsrf(req: IncomingMessage, submitted: unknown): boolean {
  const cookie = readCookie(req, COOKIE);
  if (!cookie || typeof submitted !== 'string' || submitted.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 16_384) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function isHttps(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
}

import type { ServerResponse } from 'node:http';

/**
 * Headers of every answer: a strict Content Security Policy (only the console's own script and
 * stylesheet; no inline script, no framing, forms to itself), no sniffing, no referrer beyond the console, no caching.
 */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on form posts.
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

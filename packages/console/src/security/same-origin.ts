import type { IncomingMessage } from 'node:http';

/**
 * Whether a state-changing request comes from the console's own pages: its `Origin` (or, without
 * one, its `Referer`) names the host the request was sent to, and the browser does not call it
 * cross-site (`Sec-Fetch-Site`). A request with none of these headers is refused.
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const host = req.headers.host;
  if (typeof host !== 'string' || host === '') return false;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (typeof referer !== 'string') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

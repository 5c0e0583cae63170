import { basename, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

/** Most roots a toolset may declare. */
const MAX_ROOTS = 1000;

/**
 * The `roots` option as MCP roots: an absolute path becomes a `file://` URI, a URI is kept; each
 * is named by its last segment. A problem is returned as text for the options check. @internal
 */
export function rootsOf(roots: unknown): { roots: Root[] } | { problem: string } {
  if (!Array.isArray(roots) || roots.length > MAX_ROOTS) return { problem: `roots must be an array of up to ${MAX_ROOTS} absolute paths or URIs` };
  const out: Root[] = [];
  for (const root of roots) {
    if (typeof root !== 'string' || root.length === 0 || root.length > 4096) return { problem: `each root must be a non-empty string (got ${JSON.stringify(root)?.slice(0, 100)})` };
    let uri: string;
    if (isAbsolute(root)) uri = pathToFileURL(root).href;
    else if (/^[a-z][a-z0-9+.-]*:/i.test(root)) uri = root;
    else return { problem: `the root ${JSON.stringify(root.slice(0, 200))} is neither an absolute path nor a URI` };
    const name = basename(decodeURIComponent(new URL(uri).pathname)) || uri;
    out.push({ uri, name });
  }
  return { roots: out };
}

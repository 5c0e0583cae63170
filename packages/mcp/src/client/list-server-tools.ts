import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpToolInfo } from './mcp-toolset-options';
import { sdkTimeout } from './sdk-timeout';

/** Most pages of `tools/list` read in one listing (a server that pages forever is cut off). */
export const MAX_LIST_PAGES = 100;
/** Most tools read from one server. */
export const MAX_SERVER_TOOLS = 5000;

/**
 * Every tool the server lists, following `nextCursor` (bounded), with duplicate names dropped
 * (the first one wins). @internal
 */
export async function listServerTools(client: Client, server: string, timeoutMs: number): Promise<McpToolInfo[]> {
  const out: McpToolInfo[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: sdkTimeout(timeoutMs) });
    for (const tool of result.tools) {
      if (seen.has(tool.name) || out.length >= MAX_SERVER_TOOLS) continue;
      seen.add(tool.name);
      out.push({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema as Record<string, unknown>,
        outputSchema: tool.outputSchema as Record<string, unknown> | undefined,
        annotations: tool.annotations,
        server,
      });
    }
    cursor = result.nextCursor;
    if (!cursor || out.length >= MAX_SERVER_TOOLS) break;
  }
  return out;
}

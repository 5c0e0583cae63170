import { dirname, join } from 'node:path';
import { McpToolset } from '@toolwright/mcp';

/**
 * The official MCP filesystem server, confined to `root`, as a toolset. It is started by the run
 * that uses it and ended when that run ends. `write_file`, `edit_file` and `move_file` are
 * annotated `destructiveHint: true` by the server, so their calls wait for approval.
 */
export function filesToolset(root: string): McpToolset {
  const server = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');
  return new McpToolset({
    name: 'files',
    transport: { command: process.execPath, args: [server, root] },
    // Only what the task needs: the model is not offered tools to move files or search the disk.
    allowedTools: ['list_directory', 'read_text_file', 'write_file'],
  });
}

import { ToolwrightError } from '@toolwright/core';

/**
 * An MCP server could not be reached, did not answer `initialize` in time, or the connection
 * broke. The message names the server, what was tried and, for a spawned server, the end of what
 * it wrote to stderr.
 */
export class McpConnectionError extends ToolwrightError {
  constructor(
    message: string,
    /** The name of the `McpToolset` whose server this is about. */
    readonly serverName: string,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

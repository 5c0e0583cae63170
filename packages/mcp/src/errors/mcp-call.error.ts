import { ToolwrightError } from '@toolwright/core';

/**
 * A `tools/call` to an MCP server failed without an answer from the tool: the server refused the
 * request (a JSON-RPC error such as invalid params), the connection closed during the call, or
 * the answer did not match the tool's output schema. The call is never repeated on its own: a
 * call that may have had an effect is reported, not retried.
 */
export class McpCallError extends ToolwrightError {
  constructor(
    message: string,
    /** The name of the `McpToolset`. */
    readonly serverName: string,
    /** The tool's name on the server. */
    readonly toolName: string,
    /** The JSON-RPC error code when the server answered with one. */
    readonly code?: number,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

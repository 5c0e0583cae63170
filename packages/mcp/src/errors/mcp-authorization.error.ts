import { ToolwrightError } from '@toolwright/core';

/**
 * Authorizing with an MCP server's authorization server failed: the user (or the authorization
 * server) refused, the callback did not match the request (another `state`), or the
 * `authorize` hook gave nothing usable. The message says which and how to fix it.
 */
export class McpAuthorizationError extends ToolwrightError {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

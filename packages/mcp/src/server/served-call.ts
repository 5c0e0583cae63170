import type { ClientChannel, ToolResult, Tool } from '@toolwright/core';
import type { McpCallInfo } from './serve-options';

/** One `tools/call` to run. @internal */
export interface ServedCall {
  tool: Tool;
  arguments: Record<string, unknown> | undefined;
  info: McpCallInfo;
  /** Aborted when the client sends `notifications/cancelled` (or the session ends). */
  signal: AbortSignal;
  /** The way back to the client (`ctx.log`, `ctx.elicit`, `ctx.sample`). */
  client?: ClientChannel;
  /** Sends a progress notification, when the client asked for progress. */
  progress?: (result: ToolResult) => void;
  /** Asks the client's user to approve (elicitation): true/false, or undefined when that is not possible. */
  elicit?: (message: string) => Promise<boolean | undefined>;
}

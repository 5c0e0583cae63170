import type { RunContext } from './tool';
import type { ToolResultRef as ToolResult } from './class-refs';

/** One executed call of a batch, as `toolUseBehavior` functions see it. */
export interface ToolCallResult {
  toolName: string;
  callId: string;
  arguments: unknown;
  result: ToolResult;
}

/**
 * What happens after the tools of a turn ran: ask the model again (default), stop with the first
 * tool's output, stop when one of the named tools was called, or decide in a function.
 */
export type ToolUseBehavior<TContext = unknown> =
  | 'run_llm_again'
  | 'stop_on_first_tool'
  | { stopAtToolNames: string[] }
  | ((ctx: RunContext<TContext>, results: ToolCallResult[]) =>
      | { isFinalOutput: boolean; finalOutput?: unknown }
      | Promise<{ isFinalOutput: boolean; finalOutput?: unknown }>);

import type { AgentRef as Agent, ToolResultRef as ToolResult } from './class-refs';
import type { RunContext } from './run-context';
import type { ElicitationResult, SampleOptions, ToolLogLevel } from './client-channel';
import type { Item } from './item';
import type { JsonSchema } from './json-schema';

/** What a tool call sees. Passed to `invoke` and to methods through `@Ctx()`. */
export interface ToolContext<TContext = unknown> extends RunContext<TContext> {
  toolName: string;
  callId: string;
  /** The raw JSON text of the arguments the model sent. */
  arguments: string;
  /** Fires when the call times out or the run is cancelled. */
  signal: AbortSignal;
  /** The agent whose turn made the call. */
  agent: Agent<TContext>;
  /**
   * Sends a progress update to a streamed run's consumer as a `tool_progress` event. Never sent
   * to the model; a no-op on a non-streamed run and after the call has returned.
   */
  emit(partial: ToolResult | string): void;
  /**
   * A log message for the client that called the tool (MCP `notifications/message`, honouring
   * the client's `logging/setLevel`). Never sent to the model. Outside an MCP server (a run,
   * `executeToolCall` without a client) it is a no-op; it never throws.
   */
  log(level: ToolLogLevel, data: unknown): void;
  /**
   * Asks the calling client's user to fill a form (MCP form elicitation): `schema` is a flat
   * object schema of strings, numbers, booleans and enums, with defaults. Declined and cancelled
   * are answers (`action`), not errors. Outside an MCP server whose client supports elicitation
   * it rejects with a `UserError` saying so.
   */
  elicit(message: string, schema: JsonSchema): Promise<ElicitationResult>;
  /**
   * Asks the calling client's model (MCP sampling) to continue `messages`; resolves to its text.
   * Outside an MCP server whose client supports sampling it rejects with a `UserError` saying so.
   */
  sample(messages: Item[], options?: SampleOptions): Promise<string>;
  /**
   * Set when this call paused inside its tool (it threw `ToolInterruption` with a nested run's
   * state) and runs again after the parent run resumed: the nested state's JSON, with the
   * decisions made on the parent's state applied. Resume the nested run from it:
   * `runner.run(agent, RunState.fromString(agent, ctx.nestedState))`.
   */
  nestedState?: string;
}

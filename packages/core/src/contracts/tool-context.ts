import type { AgentRef as Agent, ToolResultRef as ToolResult } from './class-refs';
import type { RunContext } from './run-context';

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
   * Set when this call paused inside its tool (it threw `ToolInterruption` with a nested run's
   * state) and runs again after the parent run resumed: the nested state's JSON, with the
   * decisions made on the parent's state applied. Resume the nested run from it:
   * `runner.run(agent, RunState.fromString(agent, ctx.nestedState))`.
   */
  nestedState?: string;
}

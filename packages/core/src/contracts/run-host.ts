import type { AgentRef as Agent } from './class-refs';
import type { RunResult } from './run-result';
import type { ToolContext } from './tool';

/** Where a tool's `ToolContext` keeps its handle on the run that called it. @internal */
export const RUN_HOST = Symbol.for('toolwright.runHost');

/**
 * What a tool that starts a nested run (an agent used as a tool) needs from the calling run.
 * The runner provides it per call. @internal
 */
export interface RunHost {
  /**
   * Runs `agent` as a nested run on the calling run's runner: with the call's context and
   * signal, streamed (its events forwarded as progress of the call) when the calling run is, in
   * plan mode and traced under the call when the calling run is, and resumed from the call's
   * saved nested state when it paused on a nested approval before.
   */
  runNested<TContext>(agent: Agent<TContext>, input: string, options: { maxTurns?: number }): Promise<RunResult<TContext>>;
}

/** The run host of a call's context, or `undefined` when the context was not built by a Runner. @internal */
export function runHostOf(ctx: ToolContext<any>): RunHost | undefined {
  return (ctx as { [RUN_HOST]?: RunHost })[RUN_HOST];
}

import type { RunEvent } from '../events/run-event';
import type { ToolResult } from '../result/tool-result';
import type { ToolContext } from '../tool/tool';
import type { Runner } from './runner';
import type { PlanModeOptions } from '../plan-mode/plan-mode';

/** Where a tool's `ToolContext` keeps its handle on the run that called it. @internal */
export const RUN_HOST = Symbol.for('toolwright.runHost');

/**
 * What a tool that starts a nested run (an agent used as a tool) needs from the calling run:
 * the runner, whether the run is streamed, and a way to forward the nested run's events as
 * progress of the call. @internal
 */
export interface RunHost {
  readonly runner: Runner;
  /** Whether the calling run is streamed (nested runs are then streamed too). */
  readonly streaming: boolean;
  /** Sends `tool_progress` for the call, carrying the nested run's `event`. */
  progress(result: ToolResult, event: RunEvent): void;
  /** Set when the calling run is in plan mode: nested runs plan too (read-only tools only). */
  readonly planMode?: PlanModeOptions;
  /** The span context of the call, when the calling run is traced: nested runs' spans nest under it. */
  readonly traceParent?: unknown;
}

/** The run host of a call's context, or `undefined` when the context was not built by a Runner. @internal */
export function runHostOf(ctx: ToolContext<any>): RunHost | undefined {
  return (ctx as { [RUN_HOST]?: RunHost })[RUN_HOST];
}

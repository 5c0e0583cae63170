import type { Agent } from '../agent/agent';
import type { RunEvent } from '../contracts/run-event';
import type { RunResult } from '../contracts/run-result';
import { messageText } from '../items/item';
import type { PlanModeOptions } from '../plan-mode/plan-mode';
import { ToolResult } from '../result/tool-result';
import { RunState } from '../state/run-state';
import { setTraceParent } from '../tracing/nested-trace-parent';
import type { RunStream } from '../events/run-stream';
import type { RunOptions } from './runner-options';
import { shareBudget, type BudgetMeter } from '../budgets/budget-meter';
import { BudgetExceededError } from '../errors/budget-exceeded.error';
import { markFatalError } from '../errors/fatal-errors';
import { observeNestedRun } from './nested-observer';

/** The runner a nested run runs on (the calling run's). @internal */
export interface NestedRunner {
  run<TContext>(agent: Agent<TContext>, input: string | RunState<TContext>, options: RunOptions<TContext>): Promise<RunResult<unknown, TContext>>;
  stream<TContext>(agent: Agent<TContext>, input: string | RunState<TContext>, options: RunOptions<TContext>): RunStream;
}

/** What the runner knows of a call that runs a nested agent (an agent used as a tool). @internal */
export interface NestedRunSetup {
  readonly runner: NestedRunner;
  /** Whether the calling run is streamed (the nested run is then streamed too). */
  readonly streaming: boolean;
  /** Whether the calling run is recorded but not streamed: the nested run's events still reach its timeline. */
  readonly recorded?: boolean;
  /** Set when the calling run is in plan mode: the nested run plans too (read-only tools only). */
  readonly planMode?: PlanModeOptions;
  /** The span context of the call, when the calling run is traced: nested spans nest under it. */
  readonly traceParent?: unknown;
  readonly context: unknown;
  readonly signal: AbortSignal;
  /** The nested run's saved state, when the call paused on a nested approval before. */
  readonly nestedState?: string;
  /** The calling run's budget meter: the nested run counts toward it. */
  readonly budget?: BudgetMeter;
  /** Sends `tool_progress` for the call, carrying the nested run's `event`. */
  progress(result: ToolResult, event: RunEvent): void;
}

/**
 * Runs `agent` on the calling run's runner, with the call's context and signal. A call that
 * paused on a nested approval runs again after the parent resumed: the nested run continues from
 * its saved state (with the parent's decisions applied), not from scratch. @internal
 */
export async function runNestedAgent<TContext>(
  setup: NestedRunSetup,
  agent: Agent<TContext>,
  input: string,
  maxTurns: number | undefined,
): Promise<RunResult<unknown, TContext>> {
  try {
    return await runNested(setup, agent, input, maxTurns);
  } catch (error) {
    // The shared budget is spent: the calling run ends too (with its own partial result), not
    // just this call.
    if (!(error instanceof BudgetExceededError)) throw error;
    const parentError = new BudgetExceededError(error.budget, error.limit, error.spent, error.usage);
    markFatalError(parentError);
    throw parentError;
  }
}

async function runNested<TContext>(setup: NestedRunSetup, agent: Agent<TContext>, input: string, maxTurns: number | undefined): Promise<RunResult<unknown, TContext>> {
  const start = setup.nestedState !== undefined ? RunState.fromString<TContext>(agent, setup.nestedState) : input;
  const options: RunOptions<TContext> = { context: setup.context as TContext, signal: setup.signal };
  if (maxTurns !== undefined) options.maxTurns = maxTurns;
  if (setup.planMode) options.planMode = setup.planMode;
  setTraceParent(options, setup.traceParent);
  shareBudget(options, setup.budget);
  if (!setup.streaming) {
    if (setup.recorded) observeNestedRun(options, (event) => {
      if (event.type !== 'run_completed') setup.progress(progressOf(event), event);
    });
    return setup.runner.run(agent, start, options);
  }
  const stream = setup.runner.stream(agent, start, options);
  for await (const event of stream) {
    if (event.type !== 'run_completed') setup.progress(progressOf(event), event);
  }
  return (await stream.result) as RunResult<unknown, TContext>;
}

/** A short text rendering of a nested run's event, for UIs that only show text progress. */
function progressOf(event: RunEvent): ToolResult {
  switch (event.type) {
    case 'model_delta':
      return ToolResult.text(event.delta);
    case 'output_delta':
      return ToolResult.text(`[output] ${JSON.stringify(event.partial)}`);
    case 'message':
      return ToolResult.text(event.item.type === 'message' ? messageText(event.item) : `[${event.item.type}]`);
    case 'tool_called':
      return ToolResult.text(`${event.agent.name} → ${event.toolName}(${event.arguments})`);
    case 'tool_progress':
      return event.result;
    case 'tool_output':
      return ToolResult.text(`${event.agent.name} ← ${event.toolName}: ${event.result.text}`);
    case 'tool_rate_limited':
      return ToolResult.text(`${event.agent.name}: rate limit reached for ${event.toolName} (${event.limit})`);
    case 'approval_required':
      return ToolResult.text(`waiting for approval: ${event.interruptions.map((r) => r.toolName).join(', ')}`);
    case 'agent_changed':
      return ToolResult.text(`${event.from.name} handed over to ${event.to.name}`);
    case 'guardrail_tripped':
      return ToolResult.text(`guardrail "${event.guardrail}" tripped on ${event.toolName}`);
    case 'run_completed':
      return ToolResult.text('done');
  }
}

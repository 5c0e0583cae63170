import type { ToolInputGuardrail, ToolOutputGuardrail } from '../guardrails/guardrail';
import type { ToolInterceptor } from '../interceptors/tool-interceptor';
import type { Model, ModelSettings, ToolChoice } from '../model/model';

/** Options of `new Runner(...)`: defaults for every run. */
export interface RunnerOptions {
  /** The model used when the agent has none. */
  model?: Model;
  /** Most model calls per run (default 10). */
  maxTurns?: number;
  /** Most tool calls running at once within a batch (default 16). */
  maxToolConcurrency?: number;
  /** Default for whether the model may call several tools in one response (overridden by the agent). */
  parallelToolCalls?: boolean;
  /** Settings merged under each agent's `modelSettings`. */
  modelSettings?: ModelSettings;
  /** Guardrails applied to every tool call, before the tool's own. */
  guardrails?: Array<ToolInputGuardrail | ToolOutputGuardrail>;
  /** Interceptors wrapped around every tool call, outside the tool's own. */
  interceptors?: ToolInterceptor[];
  /**
   * Turns in a row in which every tool call failed before the run stops with
   * `ConsecutiveToolFailuresError` (default 3; `0` never stops).
   */
  maxConsecutiveToolFailures?: number;
}

/** Options of one `runner.run(...)` / `runner.stream(...)` call; they win over the Runner's. */
export interface RunOptions<TContext = unknown> {
  /** The typed context every tool, predicate and instructions function receives. */
  context?: TContext;
  maxTurns?: number;
  /** Aborting it aborts the model request and every running tool, and ends the run with `RunCancelledError`. */
  signal?: AbortSignal;
  maxToolConcurrency?: number;
  /** Wins over the agent's `modelSettings.parallelToolCalls` and the Runner's default. */
  parallelToolCalls?: boolean;
  /** Wins over the agent's `modelSettings.toolChoice`. */
  toolChoice?: ToolChoice;
  /** Settings merged over the agent's `modelSettings` for this run. */
  modelSettings?: ModelSettings;
}

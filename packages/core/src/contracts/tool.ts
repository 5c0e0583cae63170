import type { AgentRef as Agent } from './class-refs';
import type { ToolResultRef as ToolResult } from './class-refs';
import type { Usage } from './usage';
import type { ToolInputGuardrail, ToolOutputGuardrail } from './tool-guardrail';
import type { ToolInterceptor } from './tool-interceptor';
import type { JsonSchema } from './json-schema';
import type { NativeToolOffer } from './native-tool-offer';
import type { ArgumentViolation } from './argument-violation';

/** What every part of a run can see: the user's typed context and the run's live usage. */
export interface RunContext<TContext = unknown> {
  /** The value passed as `options.context` to `runner.run` / `runner.stream`. */
  context: TContext;
  /** Usage so far in this run (model turns and tools' own usage). */
  usage: Usage;
  /**
   * Names of the deferred tools disclosed so far in this run (by results' `addedTools`); set by
   * the runner, read-only.
   */
  disclosedTools?: ReadonlySet<string>;
}

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

/**
 * Decides per call whether a human must approve it. Sees the validated, typed arguments: give
 * their type where the tool is known, e.g. `@RequiresApproval<RefundArgs>((ctx, args) => args.amount > 500)`.
 */
export type ApprovalPredicate<TContext = any, TArgs = any> = (
  ctx: RunContext<TContext>,
  args: TArgs,
  callId: string,
) => boolean | Promise<boolean>;

/** Turns a tool's error into the text the model sees. `null` instead makes errors fatal. */
export type FailureErrorFunction = (error: unknown, ctx: ToolContext<any>) => string;

/** What to do when the model repeats an identical call within a run. */
export type DuplicatePolicy = 'allow' | 'reject' | 'confirm';

/**
 * What a tool does to the world: the same four hints as MCP's tool annotations (`readOnlyHint`,
 * `destructiveHint`, `idempotentHint`, `openWorldHint`). Absent means "not declared"; policies
 * then read MCP's defaults (see `effectiveAnnotations`): not read-only, destructive, not
 * idempotent, open-world.
 */
export interface ToolAnnotations {
  /** The tool only reads: it changes nothing in its environment. Plan mode runs only these. */
  readOnly?: boolean;
  /** The tool may delete or overwrite (meaningful for a tool that is not read-only). */
  destructive?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotent?: boolean;
  /** The tool reaches an open world (the web, other people's systems), not a closed domain. */
  openWorld?: boolean;
}

/** How the runner schedules and recovers a tool's calls. */
export interface ToolExecutionHints {
  /** A call of this tool makes its whole batch run one call at a time, in call order. */
  sequential?: boolean;
  /**
   * Running a call of this tool again after a crash is safe (it was interrupted mid-way and may
   * have had part of its effect). A resume from a run store redoes such calls by default; for the
   * others the unfinished-call policy decides (default: `runner.resume` fails with `UnfinishedToolCallError`).
   */
  retrySafe?: boolean;
}

/** The runner-side fields of a tool; `@Tool` options map onto them one to one. */
export interface ToolFields<TContext = any> extends ToolAnnotations, ToolExecutionHints {
  /**
   * Milliseconds before the runner gives up on the call with `ToolTimeoutError`: a positive
   * integer up to 2^31−1 (about 24.8 days), or `Infinity` / `null` for no limit. Unset: the
   * runner's `toolTimeoutMs`.
   */
  timeoutMs?: number | null;
  /**
   * Turns an error into the model-facing text. `undefined`: the default message;
   * `null`: the error is fatal and fails the run with `ToolCallError`.
   */
  failureError?: FailureErrorFunction | null;
  /** Consulted every turn; a disabled tool is not offered and calls to it are unknown. */
  isEnabled?: (ctx: RunContext<TContext>, agent: Agent<TContext>) => boolean | Promise<boolean>;
  needsApproval: boolean | ApprovalPredicate<TContext>;
  inputGuardrails: ToolInputGuardrail[];
  outputGuardrails: ToolOutputGuardrail[];
  interceptors: ToolInterceptor[];
  /** Hidden until a result's `addedTools` names it. */
  deferred: boolean;
  duplicates: DuplicatePolicy;
  /** Whether the call's signal is aborted when the run is cancelled (default true). */
  cancellable: boolean;
  /**
   * Most UTF-8 bytes of the call's output text sent to the model (default: the runner's
   * `maxToolOutputBytes`, else 64 KiB; `Infinity` for no cap). A longer output is cut, the cut
   * is marked in the text and reported on the `tool_output` event; the full result stays
   * available to the application.
   */
  maxOutputBytes?: number;
  /** Offer the tool as a provider's built-in tool of the same purpose, where the model supports it. */
  native?: NativeToolOffer;
}

/**
 * A tool as the runner sees it: a plain object. A variant is a copy:
 * `{ ...tool, needsApproval: true }`.
 */
export interface Tool<TContext = any> extends ToolFields<TContext> {
  type: 'function';
  name: string;
  description: string;
  /** The JSON schema shown to the model; arguments are validated against exactly this. */
  parameters: JsonSchema;
  strict: boolean;
  /** Runs the tool with validated arguments (optional fields absent, never `null`). */
  invoke(ctx: ToolContext<TContext>, args: any): unknown | Promise<unknown>;
  /**
   * Checks the schema cannot express, run in the validation stage right after the JSON schema
   * (before the duplicate policy, approval and guardrails) on arguments that match it. Returns
   * the violations (empty when the arguments are fine); any violation answers the call with an
   * argument error and the tool does not run. `toolsOf` sets it for an `@Args` DTO whose
   * class-validator constraints the schema cannot express.
   */
  validateArguments?: (args: any, call: { toolName: string; callId: string }) => readonly ArgumentViolation[] | Promise<readonly ArgumentViolation[]>;
  /** Where the tool came from, for error messages: `WeatherTools.getWeather`, `defineTool`, ... */
  source?: string;
}

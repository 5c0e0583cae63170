import type { AgentRef as Agent } from './class-refs';
import type { RunContext } from './run-context';
import type { ToolContext } from './tool-context';
import type { ToolInputGuardrail, ToolOutputGuardrail } from './tool-guardrail';
import type { ToolInterceptor } from './tool-interceptor';
import type { JsonSchema } from './json-schema';
import type { NativeToolOffer } from './native-tool-offer';
import type { ArgumentViolation } from './argument-violation';
import type { RateLimitOptions } from './rate-limit';

export type { RunContext } from './run-context';
export type { ToolContext } from './tool-context';

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
  /**
   * The call is long-running: where a background launcher is set up (`@toolwright/bullmq`'s
   * `RunWorker`), it starts as a job of its own and the model gets a handle at once ("started,
   * task id …"); its result is delivered to the run when it finishes. Elsewhere the call runs as
   * usual.
   */
  background?: boolean;
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
  /**
   * At most `points` calls per `durationMs` (per `key`), checked after argument validation and
   * before approval, on every path that runs the tool (a run, `executeToolCall`). See `RateLimitOptions`.
   */
  rateLimit?: RateLimitOptions<TContext>;
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

// Completes the reference that guardrail and interceptor contracts name tools by (they sit below
// this file: a tool holds guardrails, and a guardrail is handed the tool).
declare module './class-refs' {
  interface ToolRef<TContext> extends Tool<TContext> {
    readonly name: string;
  }
}

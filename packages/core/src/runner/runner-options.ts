import type { ToolInputGuardrail, ToolOutputGuardrail } from '../guardrails/guardrail';
import type { ToolInterceptor } from '../contracts/tool-interceptor';
import type { Model, ModelSettings, ToolChoice } from '../contracts/model';
import type { ApprovalDecision } from '../contracts/approval-decision';
import type { ApprovalPolicy } from '../approvals/approval-policy';
import type { ApprovalRequest } from '../contracts/approval-request';
import type { FailureErrorFunction, RunContext } from '../contracts/tool';
import type { PersistContext } from '../state/persisted-context';
import type { PlanModeOptions } from '../plan-mode/plan-mode';
import type { RunHooks } from '../contracts/run-hooks';
import type { InputGuardrail, OutputGuardrail } from '../guardrails/agent-guardrail';
import type { TracingOptions } from '../tracing/tracing-options';
import type { LedgerScope, UnfinishedCallPolicy } from '../stores/ledger-policy';
import type { Session } from '../sessions/session';
import type { RunStore } from '../stores/run-store';
import type { RateLimitPolicy } from '../rate-limits/rate-limit-policy';
import type { RateLimiterBackend } from '../rate-limits/rate-limiter-backend';
import type { OnBudget, RunBudget } from '../budgets/run-budget';
import type { TaskSource } from '../contracts/task-source';

/** Decides approval requests inline; `undefined` leaves the call to a person (the run pauses). */
export type ApprovalHandler = (
  request: ApprovalRequest,
  ctx: RunContext<any>,
) => ApprovalDecision | undefined | Promise<ApprovalDecision | undefined>;

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
   * Decides calls that need approval without pausing the run: return `{ approved: true }`
   * (optionally with edited `arguments`), `{ approved: false, message }`, or `undefined` to leave
   * the call to a person (the run then pauses). Sync or async; asked once per call, in call order.
   */
  approvalHandler?: ApprovalHandler;
  /**
   * The text the model gets when a tool throws, for tools and agents that set no `failureError`
   * (per tool > per agent > this). `null` ends the run with `ToolCallError` on any tool error.
   * Default: `An error occurred while running the tool "<name>". Please try again. Error: …`.
   */
  failureError?: FailureErrorFunction | null;
  /**
   * Runner-level rules that require approval for calls whatever their tool declares, e.g.
   * `requireApprovalFor('delete_*')`. Consulted only for calls whose tool declares neither a
   * predicate nor `needsApproval: true`.
   */
  approvalPolicies?: ApprovalPolicy[];
  /**
   * Runs the input guardrails of a call that needs approval before asking for it, so nobody is
   * asked about a call a guardrail refuses. Calls that pass are checked again right before they
   * run. Default false.
   */
  guardrailsBeforeApproval?: boolean;
  /**
   * Turns in a row in which every tool call failed before the run stops with
   * `ConsecutiveToolFailuresError` (default 3; `0` never stops).
   */
  maxConsecutiveToolFailures?: number;
  /**
   * Time limit, in milliseconds, of a tool call whose tool sets no `timeoutMs` (default 10
   * minutes; `Infinity` or `null` for none; at most 2^31−1). A call past it fails with
   * `ToolTimeoutError`, so a tool that never settles cannot hold a run forever.
   */
  toolTimeoutMs?: number | null;
  /**
   * Most UTF-8 bytes of a tool output's text sent to the model, for tools that set no
   * `maxOutputBytes` (default 64 KiB; `Infinity` for no cap). See `ToolFields.maxOutputBytes`.
   */
  maxToolOutputBytes?: number;
  /**
   * The part of every run's context a paused state keeps (a run's own `persistContext` wins):
   * JSON data such as `(ctx) => ({ userId: ctx.userId, tenant: ctx.tenant })`. It is serialised
   * and signed with the state, and is the `context` of the state `RunState.fromString` reads back.
   */
  persistContext?: PersistContext;
  /**
   * Plan mode for every run (a run's own `planMode` wins): tools that are not read-only stay
   * offered but answer with a refusal naming the plan-submission tool (`submit_plan` by
   * default), before any approval is asked. See `PlanModeOptions`.
   */
  planMode?: boolean | PlanModeOptions;
  /**
   * Lifecycle hooks for every run (`onRunStart`, `onToolEnd`, ...). See `RunHooks` for the order;
   * a hook that throws fails the run with `HookError`.
   */
  hooks?: RunHooks;
  /** Checks on every run's input before the first model call (before the starting agent's own). */
  inputGuardrails?: InputGuardrail[];
  /** Checks on every run's final output (before the final agent's own). */
  outputGuardrails?: OutputGuardrail[];
  /**
   * OpenTelemetry tracing (on by default: spans are recorded when an SDK is registered, at
   * negligible cost otherwise). See `TracingOptions`.
   */
  tracing?: TracingOptions;
  /**
   * Tracks the calls running in this runner's runs: `runner.cancel(callId)` ends one at once, and
   * agents with cancellable tools are offered `get_running_tasks` and `cancel_task { call_id }`.
   * Default false.
   */
  runningTasks?: boolean;
  /**
   * Which calls of a run resumed from a store go through the call ledger (exactly-once side
   * effects): `non-idempotent` (default: tools marked `idempotent: false`), `all` or `off`.
   */
  ledger?: LedgerScope;
  /**
   * What `runner.resume` does with calls that started before a crash and never finished
   * (default: `retry` for `retrySafe` tools, `fail` for others). See `UnfinishedCallPolicy`.
   */
  unfinishedCalls?: UnfinishedCallPolicy;
  /**
   * Rate limits on the tools they cover, e.g. `rateLimit('send_*', { points: 5, durationMs: 60_000,
   * key: (ctx) => ctx.context.userId })`, besides the tools' own `rateLimit`. Checked after argument
   * validation and before approval.
   */
  rateLimits?: RateLimitPolicy[];
  /**
   * Where rate limits are counted (default: this process's memory). Give every replica the same
   * `redisRateLimiter({ client })` or `postgresRateLimiter({ pool })` to share the counts.
   */
  rateLimiter?: RateLimiterBackend;
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
  /** Wins over the Runner's `toolTimeoutMs` for this run (`Infinity` or `null`: no limit). */
  toolTimeoutMs?: number | null;
  /**
   * The part of this run's context a paused state keeps, as JSON (wins over the Runner's). Without
   * it, a resumed state keeps the slice it already had. See `RunState.persistedContext`.
   */
  persistContext?: PersistContext<TContext>;
  /** Plan mode for this run (wins over the Runner's; `false` turns it off). See `PlanModeOptions`. */
  planMode?: boolean | PlanModeOptions;
  /**
   * Application data to keep with the run (`state.metadata`): a plain JSON object of at most
   * 64 KiB, written into the state and run stores and carried across pauses. On a resumed state
   * it replaces the state's metadata; without it the state keeps its own.
   */
  metadata?: Record<string, unknown>;
  /**
   * A run store: when the run pauses, its state is saved there and `result.runId` names it; resume
   * it from any process with `runner.resume(agent, runId, { store })`.
   */
  store?: RunStore;
  /**
   * Limits on what this run may spend, nested agent runs included: tool calls, input and output
   * tokens, cost from `prices`. Crossing it ends the run with `BudgetExceededError` (its partial
   * `result` and what was spent), or as `onBudget` says. A resumed run counts its state's tokens
   * and answered calls as spent.
   */
  budget?: RunBudget;
  /** `'error'` (default): `BudgetExceededError`; `'final_answer'`: one last model call without tools gives the answer. */
  onBudget?: OnBudget;
  /**
   * The conversation this run continues: the model sees the session's items followed by the new
   * input, and the run's items (the input included) are appended when it completes or pauses —
   * up to its first call still waiting for an output, so the session always holds a history a
   * provider accepts; the run that answers the call (resumed with the same session) appends the
   * rest. A failed run appends nothing. With a `RunState` as input, the session is not read again.
   */
  session?: Session;
  /**
   * Ends the run gracefully: once aborted, the run stops after the current turn (the model call
   * and the batch of calls it made) with `status: 'stopped'` and the partial result, instead of
   * failing like `signal` does. The stopped run's `state` can be run again to go on.
   */
  stopSignal?: AbortSignal;
  /**
   * When `maxTurns` is used up: `'error'` (default) ends the run with `MaxTurnsExceededError`;
   * `'final_answer'` makes one last model call without tools, whose answer (checked against the
   * agent's `outputType`) is the final output.
   */
  onMaxTurns?: 'error' | 'final_answer';
  /**
   * The tasks this run started outside its process (background tool calls running as queue jobs,
   * for instance). It turns running tasks on for the run, as `runningTasks` does: the agent is
   * offered `get_running_tasks`, which lists them beside the calls running here, and
   * `cancel_task`, which cancels them by task id or call id. Integrators supply it.
   */
  tasks?: TaskSource;
}

import type { Agent } from '../agent/agent';
import type { EventChannel } from '../events/event-channel';
import type { RunEvent } from '../contracts/run-event';
import type { ToolEnhancers } from '../calls/tool-enhancers';
import type { CallHost } from '../calls/call-host';
import type { Model, ModelSettings } from '../contracts/model';
import type { RunState } from '../state/run-state';
import type { FailureErrorFunction, RunContext, Tool } from '../contracts/tool';
import type { Toolset } from '../contracts/toolset';
import type { CallRecord } from '../calls/call-record';
import type { RunCancellation } from './run-cancellation';
import type { ApprovalPolicy } from '../approvals/approval-policy';
import type { ApprovalHandler } from './runner-options';
import type { ResolvedPlanMode } from '../plan-mode/plan-mode';
import type { RunLifecycle } from './lifecycle/run-lifecycle';
import type { NestedRunner } from './nested-run';
import type { RateLimitPolicy } from '../rate-limits/rate-limit-policy';
import type { RateLimiterBackend } from '../rate-limits/rate-limiter-backend';
import type { BudgetMeter } from '../budgets/budget-meter';
import type { PendingBatch } from '../contracts/pending-batch';
import type { ResolvedOutput } from '../output/output-type';

/** What the runner knows about an agent for the length of one run (computed once). @internal */
export interface AgentRunInfo {
  /** The agent's tool entries flattened: tools (decorated instances expanded) and toolsets. */
  entries: Array<Tool | Toolset>;
  model: Model;
  settings: ModelSettings;
  /** The agent's output type, resolved (absent: the answer is text). */
  output?: ResolvedOutput;
}

/**
 * Everything one run needs besides its `RunState`: resolved options, the event sink, the
 * cancellation, the calls in flight. Created per run, never shared. @internal
 */
export interface RunEnvironment<TContext = any> {
  readonly state: RunState<TContext>;
  /** The runner driving the run (nested runs of agents used as tools use it too). */
  readonly runner?: NestedRunner;
  readonly runContext: RunContext<TContext>;
  /** Whether events are delivered (a streamed run); progress is a no-op otherwise. */
  readonly streaming: boolean;
  readonly channel?: EventChannel;
  readonly cancellation: RunCancellation;
  readonly signal?: AbortSignal;
  readonly defaultModel?: Model;
  /** Runner-level settings (incl. `parallelToolCalls`), under the agent's `modelSettings`. */
  readonly runnerSettings: ModelSettings;
  /** Run-level settings (incl. `parallelToolCalls`, `toolChoice`), over the agent's. */
  readonly runSettings: ModelSettings;
  readonly maxToolConcurrency: number;
  /** The runner's guardrails and interceptors (with the run's own outermost ones), merged per tool once. */
  enhancers: ToolEnhancers;
  readonly approvalHandler?: ApprovalHandler;
  readonly approvalPolicies: readonly ApprovalPolicy[];
  readonly guardrailsBeforeApproval: boolean;
  /** The runner's rate limit policies (empty: only tools' own limits apply). */
  readonly rateLimits: readonly RateLimitPolicy[];
  /** Where limits are counted (absent: the process's memory backend). */
  readonly rateLimiter?: RateLimiterBackend;
  /** The batch a resumed run starts with: its rate limits and budget were counted before it paused. */
  readonly resumedBatch?: PendingBatch;
  /** The run's budget meter (shared with the parent run when this is a nested run). */
  readonly budget?: BudgetMeter;
  /** Set once the budget is spent under `onBudget: 'final_answer'`: the next model call, without tools, is the last. */
  budgetFinal?: boolean;
  readonly maxConsecutiveToolFailures: number;
  /** Time limit of a call whose tool sets no `timeoutMs` (`Infinity`: none). */
  readonly toolTimeoutMs: number;
  /** The runner's `failureError`, for tools and agents that set none. */
  readonly failureError?: FailureErrorFunction | null;
  /** Output cap of a call whose tool sets no `maxOutputBytes`. */
  readonly maxToolOutputBytes: number;
  /** Set when the run is in plan mode. */
  readonly planMode?: ResolvedPlanMode;
  /** Hooks, agent-level guardrails, tracing and running tasks, when any applies (else absent). */
  lifecycle?: RunLifecycle;
  /** Calls whose tool is running, so cancellation can reach their signals. */
  readonly activeCalls: Set<CallRecord>;
  /** Per-agent facts computed on the agent's first turn of this run. */
  readonly agents: Map<Agent<TContext>, AgentRunInfo>;
  /** Toolsets set up by this run; closed when it ends. */
  readonly openToolsets: Set<Toolset>;
  /** `RunOptions.stopSignal`: once aborted, the run ends after the current turn with status `stopped`. */
  readonly stopSignal?: AbortSignal;
  /** `RunOptions.onMaxTurns` (`'error'` unless set). */
  readonly onMaxTurns?: 'error' | 'final_answer';
  /** Answers refused by the output type so far in this run, sent back to the model (see `outputRetries`). */
  outputRetriesUsed?: number;
  /** The run as the host of its calls (set once the environment is built). */
  readonly calls: CallHost<TContext>;
}

/** Delivers an event to a streamed run's consumer; does nothing on a non-streamed run. @internal */
export function emitEvent(env: RunEnvironment, event: RunEvent): void {
  env.channel?.push(event);
}

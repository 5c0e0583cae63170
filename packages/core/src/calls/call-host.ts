import type { FailureErrorFunction, RunContext, Tool, ToolContext } from '../contracts/tool';
import type { RunEvent } from '../contracts/run-event';
import type { RunHost } from '../contracts/run-host';
import type { Usage } from '../contracts/usage';
import type { ToolResult } from '../result/tool-result';
import type { GuardrailDecision } from '../state/guardrail-decisions';
import type { CallRecord } from './call-record';
import type { ClientChannel } from '../contracts/client-channel';
import type { ToolEnhancers } from './tool-enhancers';

/** What records a guardrail stage as a span (a run's tracer); absent when nothing is traced. @internal */
export interface GuardrailTracer {
  guardrails<T>(stage: string, names: readonly string[], callId: string | undefined, run: () => Promise<T>, outcome: (value: T) => string): Promise<T>;
}

/** A call that went past its input guardrails, as the host's lifecycle sees it. @internal */
export interface StartedInvocation {
  readonly tool: Tool;
  readonly args: unknown;
  readonly ctx: ToolContext<any>;
  /** Aborts the call's signal (and ends the wait for it) with `reason`. */
  abort(reason: unknown): void;
}

/**
 * What a host observes of its calls beyond events: spans of guardrail stages, and a layer
 * outermost around the interceptors (hooks, running tasks). Read per call, so a host may install
 * one while calls are running. @internal
 */
export interface CallLifecycle {
  readonly tracer?: GuardrailTracer;
  around?(invocation: StartedInvocation, next: () => Promise<ToolResult>): Promise<ToolResult>;
}

/**
 * Everything the call pipeline needs from whoever runs a call — a run, an MCP server, a queue
 * worker, `executeToolCall` — and nothing more: no run state, no model, no history. @internal
 */
export interface CallHost<TContext = any> {
  /** The user's context and the usage the calls' contexts show. */
  readonly runContext: RunContext<TContext>;
  /** Delivers events (`tool_progress`, `tool_output`, `guardrail_tripped`); absent: progress is a no-op. */
  readonly emit: ((event: RunEvent) => void) | undefined;
  /** The host's guardrails and interceptors, merged with each tool's own. */
  readonly enhancers: ToolEnhancers;
  /** Time limit of a call whose tool sets no `timeoutMs` (`Infinity`: none). */
  readonly toolTimeoutMs: number;
  /** Output cap of a call whose tool sets no `maxOutputBytes`. */
  readonly maxToolOutputBytes: number;
  /** Calls whose tool is running, so a cancellation can reach their signals. */
  readonly activeCalls: Set<CallRecord>;
  /** Throws when the host was cancelled (checked when a call ends): the call's outcome is dropped. */
  throwIfCancelled(): void;
  /** Hooks, spans and running tasks, when the host has any. */
  readonly lifecycle: CallLifecycle | undefined;
  /** The host's `failureError`, for tools and agents that set none (`undefined`: the default text). */
  readonly failureError?: FailureErrorFunction | null;
  /** The client the calls can talk back to (`ctx.log`, `ctx.elicit`, `ctx.sample`): an MCP server's; a run has none. */
  readonly client?: ClientChannel;
  /** Adds a tool's own usage (`result.usage`) to the host's totals. */
  addUsage(usage: Partial<Usage>): void;
  /** The handle a call's tool uses to start nested runs (agents as tools), when the host can run agents. */
  /** Records a tool guardrail's refusal or tripwire (a run keeps them in its state). */
  recordGuardrail?(decision: Omit<GuardrailDecision, 'turn'>): void;
  nestedRuns?(ctx: ToolContext<any>, record: CallRecord): RunHost | undefined;
}

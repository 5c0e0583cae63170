import type { AgentRef as Agent } from './class-refs';
import type { Item } from './item';
import type { ModelRequest, ModelResponse } from './model';
import type { ToolResultRef as ToolResult } from './class-refs';
import type { RunResult } from './run-result';
import type { RunStateRef as RunState } from './class-refs';
import type { RunContext, Tool, ToolContext } from './tool';

/** What a hook may return: nothing, or a promise the run waits for. */
export type HookReturn = void | Promise<void>;

/** `onRunStart`: the run begins (a new run, or a resumed `RunState`). */
export interface RunStartEvent<TContext = any> {
  agent: Agent<TContext>;
  input: string | Item[] | RunState<TContext>;
  context: RunContext<TContext>;
}

/** `onRunEnd`: the run ended with `result` (completed or interrupted), or failed with `error`. */
export interface RunEndEvent<TContext = any> {
  agent: Agent<TContext>;
  result?: RunResult<unknown, TContext>;
  error?: unknown;
  context: RunContext<TContext>;
}

/** `onAgentStart`: an agent takes the run's next turn (at the start, on resume, after a handoff). */
export interface AgentStartEvent<TContext = any> {
  agent: Agent<TContext>;
  context: RunContext<TContext>;
}

/** `onAgentEnd`: the agent produced the run's final output (checked by the output guardrails). */
export interface AgentEndEvent<TContext = any> {
  agent: Agent<TContext>;
  output: unknown;
  context: RunContext<TContext>;
}

/** `onLlmStart`: a model request is about to be sent. */
export interface LlmStartEvent<TContext = any> {
  agent: Agent<TContext>;
  request: ModelRequest;
  context: RunContext<TContext>;
}

/** `onLlmEnd`: the model answered. */
export interface LlmEndEvent<TContext = any> extends LlmStartEvent<TContext> {
  response: ModelResponse;
}

/** `onToolStart`: a call passed its input guardrails and is about to run (interceptors, then the tool). */
export interface ToolStartEvent<TContext = any> {
  agent: Agent<TContext>;
  tool: Tool<TContext>;
  callId: string;
  /** The validated arguments. */
  args: unknown;
  ctx: ToolContext<TContext>;
}

/**
 * `onToolEnd`: a started call has its output, after the output guardrails and before the output
 * joins the history. A failed call comes here too: `result.isError` is set and `error` is what
 * the tool threw (or the timeout / cancellation).
 */
export interface ToolEndEvent<TContext = any> extends ToolStartEvent<TContext> {
  result: ToolResult;
  error?: unknown;
}

/** `onHandoff`: the run moves from one agent to another (a handoff tool, or `ToolResult.handoff`). */
export interface HandoffEvent<TContext = any> {
  from: Agent<TContext>;
  to: Agent<TContext>;
  /** The handoff's typed input, when it has an `inputSchema`; a tool's output for `ToolResult.handoff`. */
  input?: unknown;
  context: RunContext<TContext>;
}

/**
 * Lifecycle hooks for every run of a `Runner` (`new Runner({ hooks })`). Every hook may be async;
 * the run waits for it. Order for one call: `onToolStart` → interceptors → tool → output
 * guardrails → `onToolEnd` → the output joins the history. Runner hooks run before the agent's
 * own ({@link AgentHooks}). **A hook that throws fails the run** with `HookError`.
 */
export interface RunHooks<TContext = any> {
  onRunStart?(event: RunStartEvent<TContext>): HookReturn;
  onRunEnd?(event: RunEndEvent<TContext>): HookReturn;
  onAgentStart?(event: AgentStartEvent<TContext>): HookReturn;
  onAgentEnd?(event: AgentEndEvent<TContext>): HookReturn;
  onLlmStart?(event: LlmStartEvent<TContext>): HookReturn;
  onLlmEnd?(event: LlmEndEvent<TContext>): HookReturn;
  onToolStart?(event: ToolStartEvent<TContext>): HookReturn;
  onToolEnd?(event: ToolEndEvent<TContext>): HookReturn;
  onHandoff?(event: HandoffEvent<TContext>): HookReturn;
}

/**
 * Lifecycle hooks of one agent (`new Agent({ hooks })`): called only for that agent's turns and
 * calls, after the runner's. `onHandoff` is called on the agent that takes over.
 */
export interface AgentHooks<TContext = any> {
  onStart?(event: AgentStartEvent<TContext>): HookReturn;
  onEnd?(event: AgentEndEvent<TContext>): HookReturn;
  onLlmStart?(event: LlmStartEvent<TContext>): HookReturn;
  onLlmEnd?(event: LlmEndEvent<TContext>): HookReturn;
  onToolStart?(event: ToolStartEvent<TContext>): HookReturn;
  onToolEnd?(event: ToolEndEvent<TContext>): HookReturn;
  onHandoff?(event: HandoffEvent<TContext>): HookReturn;
}

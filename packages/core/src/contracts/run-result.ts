import type { AgentRef as Agent, RunStateRef as RunState } from './class-refs';
import type { Item } from './item';
import type { Usage } from './usage';
import type { ApprovalRequest } from './approval-request';
import type { GuardrailResult } from './agent-guardrail';

/**
 * How a run ended: with a final output, paused for approvals, stopped by `stopSignal` after a
 * turn (its partial result), or (on an error's `result`) failed.
 */
export type RunResultStatus = 'completed' | 'interrupted' | 'stopped' | 'failed';

/** The outcome of a run. Errors that end a run carry the partial `RunResult` as `error.result`. */
export interface RunResult<TOutput = unknown, TContext = unknown> {
  status: RunResultStatus;
  /**
   * The final answer: for an agent with an `outputType`, the validated value (an instance of its
   * class); else the last assistant text, or the value a tool-use rule chose. The type is the
   * starting agent's `outputType`; after handoffs, the last agent's type applies (`lastAgent`).
   */
  finalOutput: TOutput;
  /** Items this run added to the conversation. */
  newItems: Item[];
  /** The whole conversation, input included. */
  history: Item[];
  /** Model usage plus the tools' own usage. */
  usage: Usage;
  /** Usage the model reported for its turns. */
  modelUsage: Usage;
  /** Usage tools reported through `ToolResult.usage`. */
  toolUsage: Usage;
  /** Calls waiting for a human decision (when `status` is `interrupted`). */
  interruptions: ApprovalRequest[];
  /** The run's state, to inspect, serialise or resume. */
  state: RunState<TContext>;
  /** The agent that was running when the run ended (the one that answered, for a completed run). */
  lastAgent: Agent<TContext>;
  /** Model calls made. */
  turns: number;
  /** What the agent-level input guardrails decided (in order; `[]` when there are none). */
  inputGuardrailResults: GuardrailResult[];
  /** What the agent-level output guardrails decided on the final output (`[]` when there are none). */
  outputGuardrailResults: GuardrailResult[];
  /**
   * The id of the run in its store, when it ran with one: set when `runner.run(agent, input, {
   * store })` paused (the run was saved), and on every result of `runner.resume`.
   */
  runId?: string;
  /**
   * The public view of the result, what `JSON.stringify(result)` writes (so an HTTP framework
   * returning a result sends only this): status, final output (a typed output as JSON), run id, the pending approvals with
   * their arguments, and usage. Never the agent's instructions, tool schemas, the history or the
   * (unsigned) state.
   */
  toJSON(): PublicRunView;
}

/** A pending approval as the public view shows it. */
export interface PublicApprovalRequest {
  callId: string;
  toolName: string;
  arguments: unknown;
  /** The name of the agent whose call it is. */
  agent: string;
  /** Set when the call waits inside a nested agent run: the parent run's call. */
  parentCallId?: string;
}

/** What a result shows outside the process (see `RunResult.toJSON`). */
export interface PublicRunView {
  runId?: string;
  status: RunResultStatus;
  finalOutput: unknown;
  interruptions: PublicApprovalRequest[];
  usage: Usage;
}

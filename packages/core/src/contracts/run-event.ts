import type { AgentRef as Agent } from './class-refs';
import type { Item } from './item';
import type { ToolResultRef as ToolResult } from './class-refs';
import type { OutputTruncation } from './output-truncation';
import type { ApprovalRequest } from './approval-request';
import type { RunResult } from './run-result';

/** A text delta of the model's answer, as it streams. */
export interface ModelDeltaEvent {
  type: 'model_delta';
  agent: Agent<any>;
  delta: string;
}

/** A complete item of the model's output (an assistant message or a reasoning item). */
export interface MessageEvent {
  type: 'message';
  agent: Agent<any>;
  item: Item;
}

/** The model called a tool. Emitted for every call of a batch before any of them starts. */
export interface ToolCalledEvent {
  type: 'tool_called';
  agent: Agent<any>;
  toolName: string;
  callId: string;
  /** The raw JSON text of the arguments. */
  arguments: string;
}

/** A running tool reported progress through `ctx.emit(...)`. Never sent to the model. */
export interface ToolProgressEvent {
  type: 'tool_progress';
  agent: Agent<any>;
  toolName: string;
  callId: string;
  result: ToolResult;
  /**
   * When the call runs an agent as a tool: the nested run's event this progress forwards
   * (`event.agent` is the nested agent; `result` holds a text rendering of it).
   */
  event?: RunEvent;
  /**
   * Set when the stream's consumer fell behind (more than `TOOLWRIGHT_LIMITS.eventBufferSize`
   * events waiting): how many earlier progress updates of this call this one replaced, undelivered.
   */
  dropped?: number;
}

/**
 * A call finished (or failed, or was refused). `result` is the call's full result; the model is
 * sent its output, with the text cut to the output cap when `truncated` is set.
 */
export interface ToolOutputEvent {
  type: 'tool_output';
  agent: Agent<any>;
  toolName: string;
  callId: string;
  result: ToolResult;
  /** Milliseconds from the call's start to its output. */
  durationMs: number;
  /** Set when the output's text was longer than the cap (`maxOutputBytes`): how it was cut for the model. */
  truncated?: OutputTruncation;
}

/**
 * A call went over a rate limit (before approval; the call has not run). With `onLimit: 'wait'`
 * it is emitted each time the call is refused while it waits.
 */
export interface ToolRateLimitedEvent {
  type: 'tool_rate_limited';
  agent: Agent<any>;
  toolName: string;
  callId: string;
  /** Milliseconds until the limit lets a call through again. */
  retryAfterMs: number;
  /** The limit in words, e.g. `5 calls per minute per user`. */
  limit: string;
  /** What happens to the call: answered, waiting, or the run fails. */
  onLimit: 'answer' | 'wait' | 'fail';
}

/** The run paused because calls need a human decision. */
export interface ApprovalRequiredEvent {
  type: 'approval_required';
  /** The agent whose batch paused. */
  agent: Agent<any>;
  interruptions: ApprovalRequest[];
}

/** A handoff moved the run to another agent. */
export interface AgentChangedEvent {
  type: 'agent_changed';
  /** The agent that handed off (the same as `from`). */
  agent: Agent<any>;
  from: Agent<any>;
  to: Agent<any>;
}

/** A guardrail tripped; the run fails with `GuardrailTripwireError` after this event. */
export interface GuardrailTrippedEvent {
  type: 'guardrail_tripped';
  /** The agent whose call tripped the guardrail. */
  agent: Agent<any>;
  guardrail: string;
  toolName: string;
  callId: string;
}

/** The run ended with a result. Always the last event of a run that did not fail. */
export interface RunCompletedEvent {
  type: 'run_completed';
  /** The agent the run ended with (`result.lastAgent`). */
  agent: Agent<any>;
  result: RunResult;
}

/**
 * The events of a streamed run, a union discriminated by `type`. See `Runner.stream` for the
 * order in which they arrive.
 */
/**
 * A structured answer as it streams (agents with an `outputType`): `partial` is the JSON received
 * so far, parsed tolerantly (open strings, arrays and objects closed). Not validated: the final,
 * validated value is the run's `finalOutput`.
 */
export interface OutputDeltaEvent {
  type: 'output_delta';
  /** The agent whose answer it is. */
  agent: Agent;
  /** The answer so far (objects, arrays and strings closed; a key without its value left out). */
  partial: unknown;
}

export type RunEvent =
  | ModelDeltaEvent
  | OutputDeltaEvent
  | MessageEvent
  | ToolCalledEvent
  | ToolProgressEvent
  | ToolOutputEvent
  | ToolRateLimitedEvent
  | ApprovalRequiredEvent
  | AgentChangedEvent
  | GuardrailTrippedEvent
  | RunCompletedEvent;

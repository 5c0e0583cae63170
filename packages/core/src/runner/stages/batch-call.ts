import type { ApprovalRequest } from '../../contracts/approval-request';
import type { Tool } from '../../contracts/tool';
import type { FunctionCallItem } from '../../items/item';
import type { ToolResult } from '../../result/tool-result';

/**
 * One call of a batch as the stages see it: read-only. Only the driver changes it, from the
 * verdicts the stages return. @internal
 */
export interface BatchCall {
  readonly index: number;
  /** The call (its arguments as edited by an approval, once they were). */
  readonly call: FunctionCallItem;
  /** The tool it names, when the agent has one of that name. */
  readonly tool?: Tool;
  /** The validated arguments (optional fields absent, never `null`), once validation passed. */
  readonly args?: unknown;
  /** Set when the call will not run: its output, and why. */
  readonly answer?: Answered;
}

/** Why a call was answered without running. @internal */
export type AnswerReason =
  | 'incomplete_response'
  | 'unknown_tool'
  | 'invalid_arguments'
  | 'ignored_handoff'
  | 'plan_mode'
  | 'duplicate'
  | 'rejected'
  | 'rate_limited'
  | 'budget'
  | 'refused_by_guardrail';

/** A call answered without running. @internal */
export interface Answered {
  readonly result: ToolResult;
  /** Whether it counts as a failed call (for `maxConsecutiveToolFailures`). */
  readonly failed: boolean;
  readonly why: AnswerReason;
}

/** A stage's verdict on one call: it runs (with new arguments, when given), or it is answered. @internal */
export type CallVerdict =
  | { readonly kind: 'run'; readonly index: number; readonly call?: FunctionCallItem; readonly args?: unknown }
  | ({ readonly kind: 'answered'; readonly index: number } & Answered);

/**
 * The batch stops before anything (more) runs: calls wait for people. `answered` are outputs
 * already final (refusals by guardrails before approval), kept for the resumed run. @internal
 */
export interface BatchPause {
  readonly kind: 'paused';
  readonly interruptions: ApprovalRequest[];
  /** The tools of the calls that wait, by call id. */
  readonly tools: ReadonlyMap<string, Tool>;
  readonly answered?: readonly BatchCall[];
}

/** What a stage's review returns: verdicts on some calls (none: nothing changes), or a pause. @internal */
export type StageOutcome = readonly CallVerdict[] | BatchPause | undefined;

/** A call that runs (no answer yet, and a tool). @internal */
export function runs(call: BatchCall): call is BatchCall & { readonly tool: Tool } {
  return call.answer === undefined && call.tool !== undefined;
}

/** An answered verdict. @internal */
export function answer(index: number, result: ToolResult, failed: boolean, why: AnswerReason): CallVerdict {
  return { kind: 'answered', index, result, failed, why };
}

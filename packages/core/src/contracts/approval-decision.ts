/**
 * What an `approvalHandler` (or a person, through `state.approve` / `state.reject`) decided about
 * one call. `arguments` on an approval replaces the call's arguments; they are validated against
 * the tool's schema first.
 */
export type ApprovalDecision =
  | { approved: true; arguments?: unknown; always?: boolean }
  | { approved: false; message?: string; always?: boolean };

/** The output a rejected call gets when no message was given. */
export const DEFAULT_REJECTION_MESSAGE = 'Tool execution was not approved.';

/** A decision recorded on a `RunState`: for one call (exact) or for every call of a tool (standing). */
export interface RecordedDecision {
  approved: boolean;
  /** The rejection message (rejections only). */
  message?: string;
  /** Edited arguments as a plain JSON value (exact approvals only); validated again before the call runs. */
  arguments?: unknown;
}

/** Options of `state.approve(callId, ...)`. */
export interface ApproveOptions {
  /** Approve every later call of this tool in this run as well. */
  always?: boolean;
  /** Run the call with these arguments instead (validated against the tool's schema). */
  arguments?: unknown;
}

/** Options of `state.reject(callId, ...)`. */
export interface RejectOptions {
  /** The call's output, shown to the model (default `Tool execution was not approved.`). */
  message?: string;
  /** Reject every later call of this tool in this run as well. */
  always?: boolean;
}

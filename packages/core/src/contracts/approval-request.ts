import type { AgentRef as Agent } from './class-refs';

/** A tool call waiting for a human decision; listed in `RunResult.interruptions`. */
export interface ApprovalRequest {
  callId: string;
  toolName: string;
  /** The validated, typed arguments (optional fields absent, never `null`). */
  arguments: unknown;
  /** The agent whose turn made the call. */
  agent: Agent<any>;
  /**
   * For a call made inside a nested agent run (an agent used as a tool), the call id of the
   * parent's call that runs the nested agent. Decide it on the parent's state like any other.
   */
  parentCallId?: string;
}

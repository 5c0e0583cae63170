import type { Agent } from '../agent/agent';

/** A tool call waiting for a human decision; listed in `RunResult.interruptions`. */
export interface ApprovalRequest {
  callId: string;
  toolName: string;
  /** The validated, typed arguments (optional fields absent, never `null`). */
  arguments: unknown;
  /** The agent whose turn made the call. */
  agent: Agent<any>;
}

/** A call waiting for a person's decision, as the API shows it. */
export interface PendingApproval {
  callId: string;
  toolName: string;
  arguments: unknown;
  agent: string;
}

/** What the store keeps for one run. */
export interface RunRecord {
  id: string;
  /** The agent the run was started with (the one to resume). */
  agent: string;
  /** Finds the caller's runs; the signed state says whom the run is for (`persistContext`). */
  tenant: string;
  status: 'interrupted' | 'completed';
  /** `RunState.toString()` of a paused run: everything needed to resume it, in any process. */
  state?: string;
  pending: PendingApproval[];
  output?: string;
  createdAt: string;
  updatedAt: string;
}

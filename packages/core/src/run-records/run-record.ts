/**
 * Where a recorded run stands, as the console shows it. `lost` is never written: readers show a
 * `running` record whose heartbeat (`updatedAt`) is older than the store's `recordLostAfterMs`
 * as `lost` (its process most likely died); a later heartbeat makes it `running` again.
 */
export type RunRecordStatus = 'running' | 'lost' | 'paused' | 'completed' | 'failed' | 'stopped';

/** The run statuses, in the order a console lists its filters. */
export const RUN_RECORD_STATUSES: readonly RunRecordStatus[] = ['running', 'lost', 'paused', 'completed', 'failed', 'stopped'];

/** Token usage of a recorded run. */
export interface RunRecordUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/**
 * One run as a store keeps it from its start: who ran it, where it stands, and how to reach its
 * stored state. Plain JSON.
 */
export interface RunRecord {
  /** The record's id, given when the run starts. */
  id: string;
  /** The id of the run in the store (`result.runId`) once it paused and was saved. */
  runId?: string;
  /** The name of the agent the run started with. */
  agent: string;
  status: RunRecordStatus;
  /** Epoch milliseconds. */
  startedAt: number;
  /** The record's last write, in epoch milliseconds: renewed by a heartbeat while the run is running. */
  updatedAt: number;
  /** Calls waiting for a decision (0 unless paused). */
  pendingApprovals: number;
  usage?: RunRecordUsage;
  /** The error a failed or stopped run ended with (its name and message). */
  error?: string;
  /** Timeline events kept so far. */
  eventCount: number;
}

/** The kinds of timeline entries. */
export type RunTimelineEventType =
  | 'run_started'
  | 'run_resumed'
  | 'message'
  | 'tool_called'
  | 'tool_output'
  | 'tool_rate_limited'
  | 'approval_required'
  | 'decision'
  | 'agent_changed'
  | 'guardrail_tripped'
  | 'nested'
  | 'run_paused'
  | 'run_completed'
  | 'run_failed'
  | 'events_dropped';

/** One entry of a run's timeline: plain JSON, with every text bounded. */
export interface RunTimelineEvent {
  /** Position in the run's timeline, from 1, without gaps. */
  seq: number;
  /** Epoch milliseconds. */
  at: number;
  type: RunTimelineEventType;
  /** The agent it happened in. */
  agent?: string;
  /** The model turn it happened in. */
  turn?: number;
  callId?: string;
  toolName?: string;
  /** Message text, tool output, arguments as JSON text, or the error (bounded). */
  text?: string;
  /** Set when `text` was cut: its full length in characters. */
  fullLength?: number;
  durationMs?: number;
  isError?: boolean;
  /** Who decided (the console's identity) and how, for `decision`. */
  by?: string;
  approved?: boolean;
  /** Other facts of the event (the new agent of a handoff, the guardrail's name, pending calls...). */
  data?: Record<string, unknown>;
}

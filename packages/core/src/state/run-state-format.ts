import type { RecordedDecision } from '../contracts/approval-decision';
import type { CalledToolRecord } from '../duplicates/duplicate-ledger';
import type { FunctionCallItem, Item } from '../items/item';
import type { ContentPart } from '../result/content';
import type { Usage } from '../result/usage';
import type { BudgetSpent } from '../errors/budget-exceeded.error';
import type { GuardrailDecision } from './guardrail-decisions';
import type { RunMetadata } from './run-metadata';

/** The `format` marker of a serialised (unsigned) run state. */
export const RUN_STATE_FORMAT = 'toolwright.run-state';
/**
 * The version `state.toString()` writes; `RunState.fromString` reads it and every earlier one
 * (see run-state-migrations.ts). Version 2 added `metadata` and `guardrailDecisions`.
 */
export const RUN_STATE_VERSION = 2;

/**
 * The fields of a run state that are plain data alike in memory and in JSON: the same names and
 * the same shapes in `RunStateJson` and in the checked snapshot `RunState.fromString` builds.
 */
export interface RunStateProgressJson {
  id: string;
  status: RunStatus;
  turn: number;
  /** Most model calls allowed; an unlimited run (`Infinity`) is written as `null`. */
  maxTurns: number;
  consecutiveFailedTurns: number;
  usage: Usage;
  modelUsage: Usage;
  toolUsage: Usage;
  history: Item[];
  disclosedTools: string[];
  agentsThatUsedTools: string[];
}

/**
 * A run state as JSON (version 2). Agents are referred to by name and resolved against the
 * agents given to `RunState.fromString`; everything else is plain data.
 */
export interface RunStateJson extends RunStateProgressJson {
  format: typeof RUN_STATE_FORMAT;
  version: number;
  currentAgent: string;
  pendingBatch: PendingBatchJson | null;
  interruptions: InterruptionJson[];
  approvals: { exact: Record<string, RecordedDecision>; standing: Record<string, RecordedDecision> };
  calledTools: Array<CalledToolRecord & { key: string }>;
  finalOutput?: unknown;
  /** The slice of the run context the run kept (`persistContext`), when it kept one. */
  context?: unknown;
  /** Application data kept with the run (`state.metadata`). Since version 2. */
  metadata: RunMetadata;
  /** The guardrail decisions the run recorded. Since version 2. */
  guardrailDecisions: GuardrailDecision[];
  /** What the run's budget has spent, when it has one (`RunOptions.budget`). Since version 2. */
  budgetSpent?: BudgetSpent;
}

/** The pending batch: its calls, the outputs already given, and nested runs paused inside calls. */
export interface PendingBatchJson {
  calls: FunctionCallItem[];
  outputs: Array<{ callId: string; output: string | ContentPart[]; isError?: boolean }>;
  incompleteReason?: string;
  /** By call id: the serialised state (a `RunStateJson`) of a nested run paused inside that call. */
  nested?: Record<string, { state: unknown }>;
}

/** A call waiting for approval; `agent` is the agent's name. */
export interface InterruptionJson {
  callId: string;
  toolName: string;
  arguments: unknown;
  agent: string;
  parentCallId?: string;
}

/** Where a run stands. */
export type RunStatus = 'running' | 'completed' | 'interrupted' | 'stopped' | 'failed';

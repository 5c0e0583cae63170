import type { Agent } from '../agent/agent';
import type { Item } from '../items/item';
import { emptyUsage, type Usage } from '../result/usage';
import type { ApprovalRequest } from './approval-request';
import type { PendingBatch } from './pending-batch';

/** Where a run stands. */
export type RunStatus = 'running' | 'completed' | 'interrupted' | 'failed';

/**
 * Everything a run knows, in one object: the conversation, the turn count, usage, disclosed
 * tools, the current agent and the batch of calls in flight. A run mutates its own `RunState`
 * only; two runs never share one. Every field except `context` is plain data, so the state can
 * be serialised and resumed.
 *
 * `history` is append-only while a run is in progress: the runner pushes items and never
 * rewrites earlier ones, which is what lets models receive the live array without a copy.
 */
export class RunState<TContext = unknown> {
  /** The agent whose turn is next (changes on handoffs). */
  currentAgent: Agent<TContext>;
  /** The whole conversation: earlier input, then everything the runs on this state added. */
  readonly history: Item[];
  /** Index in `history` of the first item the current run added (`RunResult.newItems`). */
  runStartIndex: number;
  /** Model calls made so far. */
  turn = 0;
  /** Most model calls allowed. */
  maxTurns: number;
  /** Usage of the model calls plus the tools' own usage; the same object `RunContext.usage` shows. */
  readonly usage: Usage = emptyUsage();
  /** Usage reported by the model for its own turns. */
  readonly modelUsage: Usage = emptyUsage();
  /** Usage reported by tools in `ToolResult.usage` (for example nested agents). */
  readonly toolUsage: Usage = emptyUsage();
  /** Names of deferred tools disclosed by a result's `addedTools`, cumulative for the run. */
  readonly disclosedTools = new Set<string>();
  /** Names of agents that have called a tool in this run (drives the `toolChoice` reset). */
  readonly agentsThatUsedTools = new Set<string>();
  /** The batch of calls of the latest response that is not fully answered yet. */
  pendingBatch?: PendingBatch;
  /** Turns in a row in which every tool call failed. */
  consecutiveFailedTurns = 0;
  /** Calls waiting for a human decision when `status` is `interrupted`. */
  interruptions: ApprovalRequest[] = [];
  status: RunStatus = 'running';
  /** The final output once the run completed. */
  finalOutput: unknown = undefined;
  /** The user's context for the run in progress; not serialised. */
  context: TContext;

  constructor(init: { agent: Agent<TContext>; history: Item[]; maxTurns: number; context: TContext }) {
    this.currentAgent = init.agent;
    this.history = init.history;
    this.runStartIndex = init.history.length;
    this.maxTurns = init.maxTurns;
    this.context = init.context;
  }

  /** The items added since the current run started. */
  get newItems(): Item[] {
    return this.history.slice(this.runStartIndex);
  }
}

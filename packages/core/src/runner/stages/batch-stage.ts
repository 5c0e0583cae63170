import type { Agent } from '../../agent/agent';
import type { PendingBatch } from '../../contracts/pending-batch';
import type { CallOutcome } from '../call-outcome';
import type { TurnTools } from '../resolve-tools';
import type { RunEnvironment } from '../run-environment';
import type { BatchCall, BatchPause, StageOutcome } from './batch-call';

/** What every stage of one batch sees: the run, the agent whose turn it is, its tools, the batch. @internal */
export interface BatchContext {
  readonly env: RunEnvironment;
  readonly agent: Agent<any>;
  readonly tools: TurnTools;
  readonly batch: PendingBatch;
}

/**
 * One concern of a batch (validation, handoffs, resume checks, plan mode, duplicates, approvals,
 * nested runs): a constant object whose methods the driver calls at fixed points of every batch
 * with that batch's context. What a stage learns about a call it keeps itself (by the call). @internal
 */
export interface BatchStage {
  readonly name: string;
  /** Looks at the whole batch before any call runs (synchronous unless it must wait). */
  review?(ctx: BatchContext, calls: readonly BatchCall[]): StageOutcome | Promise<StageOutcome>;
  /** The nested run's state a call resumes with, when the stage holds one. */
  nestedStateOf?(ctx: BatchContext, call: BatchCall): string | undefined;
  /** A call of the batch ran and has its output. */
  afterCall?(ctx: BatchContext, call: BatchCall, outcome: CallOutcome): void;
  /** Every call ran: the stage may pause the run (calls that paused inside their tools). */
  afterBatch?(ctx: BatchContext, outcomes: ReadonlyArray<CallOutcome | undefined>): BatchPause | undefined;
  /** The batch is answered in full (its outputs join the history). */
  completed?(ctx: BatchContext): void;
}

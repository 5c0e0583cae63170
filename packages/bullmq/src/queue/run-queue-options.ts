import type { JobsOptions } from 'bullmq';
import type { RunStore } from '@toolwright/core';
import type { QueueConnection } from '../connection/queue-connection';

/** Options of `new RunQueue(...)`. */
export interface RunQueueOptions {
  /** The Redis the queue lives in: `{ host, port }` (and ioredis options) or an ioredis client. */
  connection: QueueConnection;
  /** The queue's name (default `toolwright-runs`); workers take jobs of the queue they name. */
  name?: string;
  /** The run store the workers share: a run is stored there from its enqueue, so its id is the store's. */
  store: RunStore;
  /**
   * BullMQ options of every job, merged over the defaults: 5 attempts with exponential backoff
   * from one second (for infrastructure failures: a lost store, a dead worker; tool errors go to
   * the model), finished jobs removed (the run's outcome is kept with the run).
   */
  jobOptions?: Omit<JobsOptions, 'jobId' | 'priority' | 'delay'>;
  /** How long an ended run's record and events stay readable, in milliseconds (default 7 days). */
  endedTtlMs?: number;
  /** Most events kept per run; older ones are trimmed (default 10,000). */
  maxEventsPerRun?: number;
}

/** Options of `queue.enqueue(agentName, input, ...)`. */
export interface EnqueueOptions {
  /** The run's context: JSON data, given to every job of the run as `RunOptions.context`. */
  context?: unknown;
  /**
   * An id of your own for the run (1-128 letters, digits, `_`, `.`, `-`): enqueueing the same id
   * twice starts one run (the second call returns the id). Without it the id is the run store's.
   */
  runId?: string;
  /** BullMQ priority: 1 is the highest, larger numbers wait for smaller ones (default: none, first in first out). */
  priority?: number;
  /** Milliseconds before the run may start. */
  delayMs?: number;
}

/** What `queue.stats()` counts. */
export interface RunQueueStats {
  /** Jobs waiting for a worker (delayed and prioritised ones included). */
  waiting: number;
  /** Jobs a worker runs now. */
  active: number;
  /** Runs paused for approval decisions. */
  paused: number;
  /** Runs that failed (since the queue began). */
  failed: number;
  /** Runs that completed (since the queue began). */
  completed: number;
  /** Runs cancelled with `queue.cancel` (since the queue began). */
  cancelled: number;
}

/** A run's outcome as `queue.result` gives it: the public view of the runner's `RunResult`, plus the items the run added. */
export interface QueuedRunResult {
  runId: string;
  status: 'completed' | 'interrupted' | 'stopped';
  finalOutput: unknown;
  interruptions: Array<{ callId: string; toolName: string; arguments: unknown; agent: string }>;
  usage: Record<string, number>;
  /** The items the run's last job added. */
  newItems: unknown[];
  /** The agent that ended the run, as `{ name }`. */
  lastAgent: { name: string };
}

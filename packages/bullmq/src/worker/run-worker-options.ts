import type { WorkerOptions } from 'bullmq';
import type { Agent, RunStore, Runner } from '@toolwright/core';
import type { QueueConnection } from '../connection/queue-connection';

/** Options of `new RunWorker(...)`. */
export interface RunWorkerOptions {
  /** The Redis the queue lives in (as the `RunQueue`'s). */
  connection: QueueConnection;
  /** The run store shared with the queue and the other workers. */
  store: RunStore;
  /** The runner that runs the runs (its model, guardrails, `unfinishedCalls` policy, ...). */
  runner: Runner;
  /** The agents this worker can run, by name (`queue.enqueue(agentName, ...)`). */
  agents: Array<Agent<any>>;
  /** Runs at once in this worker (default 10; runs wait on models and tools, not on the CPU). */
  concurrency?: number;
  /** The queue to take runs from (default `toolwright-runs`). */
  queueName?: string;
  /**
   * The lease of the worker's claim on a stored run, in milliseconds (default 30,000): how long a
   * run whose worker died waits before another worker may take it over. Keep it close to
   * BullMQ's `lockDuration`.
   */
  leaseMs?: number;
  /**
   * BullMQ worker options: `lockDuration` and `stalledInterval` (how fast a dead worker's job is
   * detected), `maxStalledCount` (default here 5), `limiter` (a rate limit for the whole queue).
   */
  workerOptions?: Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun' | 'name'>;
  /** How long an ended run's record and events stay readable, in milliseconds (default 7 days). */
  endedTtlMs?: number;
  /** Most events kept per run (default 10,000). */
  maxEventsPerRun?: number;
}

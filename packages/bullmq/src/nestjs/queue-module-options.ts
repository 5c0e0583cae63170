import type { Agent, RunStore, Runner } from '@toolwright/core';
import type { QueueConnection } from '../connection/queue-connection';
import type { RunWorkerOptions } from '../worker/run-worker-options';

/** Options of `ToolwrightQueueModule.forRoot(...)`. */
export interface ToolwrightQueueModuleOptions {
  /** The Redis of the queue: `{ host, port }` (and ioredis options) or an ioredis client. */
  connection: QueueConnection;
  /** The run store shared by the queue and the workers. */
  store: RunStore;
  /** The queue's name (default `toolwright-runs`). */
  queueName?: string;
  /**
   * A `RunWorker` in this application too (omit it in an API-only deployment whose workers run
   * elsewhere). It is closed, with its runs given back to the queue after `graceMs`, on shutdown.
   */
  worker?: { runner: Runner; agents: Array<Agent<any>>; concurrency?: number; graceMs?: number } & Pick<RunWorkerOptions, 'leaseMs' | 'workerOptions'>;
  /** Provide the module's providers to every module (default true). */
  isGlobal?: boolean;
}

/**
 * `@toolwright/bullmq`: Toolwright runs as BullMQ jobs. `RunQueue` (any process) enqueues runs,
 * streams their events and waits for their outcomes; `RunWorker` (many processes) runs them with
 * the run store and the call ledger, so runs outlive requests and survive worker crashes.
 */
// Queue (producer)
export { RunQueue } from './queue/run-queue';
export type { RunQueueOptions, EnqueueOptions, RunQueueStats, QueuedRunResult } from './queue/run-queue-options';
export type { QueuedRunEvent } from './events/event-codec';
export type { QueuedRunStatus } from './runs/run-status';
export type { QueueConnection } from './connection/queue-connection';
export { DEFAULT_QUEUE_NAME } from './connection/queue-name';

// Worker (consumer)
export { RunWorker } from './worker/run-worker';
export type { RunWorkerOptions } from './worker/run-worker-options';

// Errors
export { QueuedRunFailedError } from './errors/queued-run-failed.error';
export { QueuedRunCancelledError } from './errors/queued-run-cancelled.error';
export { QueuedRunNotFoundError } from './errors/queued-run-not-found.error';

/**
 * Where a queued run stands: `queued` (a job waits), `running` (a worker holds it), `paused`
 * (waiting for approval decisions; `queue.resume` continues it), `waiting` (the model ended its
 * turn while background tools still run: their results continue it), or ended: `completed`,
 * `failed`, `cancelled`.
 */
export type QueuedRunStatus = 'queued' | 'running' | 'paused' | 'waiting' | 'completed' | 'failed' | 'cancelled';

/** The statuses a run never leaves. @internal */
export const ENDED_STATUSES: ReadonlySet<QueuedRunStatus> = new Set(['completed', 'failed', 'cancelled']);

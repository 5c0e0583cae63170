import type { Redis } from 'ioredis';
import type { QueueKeys } from '../connection/queue-name';
import { CONTINUATION_SAVED_SCRIPT, DELIVER_SCRIPT, DELIVERED_SCRIPT } from './hand-over-scripts';
import type { TaskRecord } from './task-records';

/** Finished background results being handed to the run that waits for them. @internal */
export interface HandOver {
  /** The number of the job that continues the run (its id: `runJobId(runId, job)`). */
  job: number;
  /** The id of the continuation in the run store, once it was saved. */
  storeRunId?: string;
  /** The tasks it delivers, in launch order. */
  tasks: TaskRecord[];
}

/**
 * The hand-overs of background results to runs, in Redis, one step at a time so that a worker
 * killed between two steps leaves one the next attempt finishes: taken (the tasks marked
 * delivered, the run `queued` with the hand-over's marker), its continuation saved once, its
 * job added, its marker cleared. @internal
 */
export class HandOvers {
  constructor(
    private readonly redis: Redis,
    private readonly keys: QueueKeys,
  ) {}

  /**
   * The hand-over in progress for the run (the same one however often it is asked for, until it
   * completes), or a new one when the run waits and none of its tasks is pending; else undefined.
   */
  async take(runId: string): Promise<HandOver | undefined> {
    const out = (await this.redis.eval(DELIVER_SCRIPT, 2, this.keys.tasks(runId), this.keys.run(runId), String(Date.now()))) as string[];
    if (out.length === 0) return undefined;
    const [job, storeRunId, ...tasks] = out as [string, string, ...string[]];
    const records = tasks.map((t) => JSON.parse(t) as TaskRecord);
    records.sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0));
    return { job: Number(job), ...(storeRunId ? { storeRunId } : {}), tasks: records };
  }

  /**
   * Records the continuation saved for hand-over `job` as `storeRunId` (the run's stored run from
   * now on; the history kept for it is dropped). Returns the continuation's id — another one when
   * an earlier attempt saved one first — or undefined when the hand-over is over (the run was
   * cancelled, or the continuation's job has started).
   */
  async continuationSaved(runId: string, job: number, storeRunId: string): Promise<string | undefined> {
    const keys = [this.keys.run(runId), this.keys.history(runId)];
    const [outcome, id] = (await this.redis.eval(CONTINUATION_SAVED_SCRIPT, 2, ...keys, String(job), storeRunId, String(Date.now()))) as [string, string?];
    return outcome === 'saved' ? id : undefined;
  }

  /** Hand-over `job` is complete (its continuation's job added): clears its marker, if still its own. */
  async delivered(runId: string, job: number): Promise<void> {
    await this.redis.eval(DELIVERED_SCRIPT, 1, this.keys.run(runId), String(job));
  }
}

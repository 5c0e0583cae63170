import type { Redis } from 'ioredis';
import type { TaskCancelOutcome } from '@toolwright/core';
import type { QueueKeys } from '../connection/queue-name';
import { AWAIT_TASKS_SCRIPT, CANCEL_TASK_SCRIPT, FINISH_SCRIPT, START_TASK_SCRIPT } from './task-scripts';

/** A background tool call of a run. @internal */
export interface TaskRecord {
  /** `pending` while it runs; `done` once finished, `delivered` once the run has its result; or `cancelled`. */
  status: 'pending' | 'done' | 'delivered' | 'cancelled';
  taskId: string;
  toolName: string;
  callId: string;
  /** When it was launched (ms since the epoch). */
  startedAt?: number;
  /** How many times a job started running its tool. */
  starts?: number;
  /** The tool's output text, once done. */
  output?: string;
  isError?: boolean;
  /** The number of the hand-over (its continuation's job) that delivered it. */
  deliveredIn?: number;
}

/** The background tasks of runs, in Redis. @internal */
export class TaskRecords {
  constructor(
    private readonly redis: Redis,
    private readonly keys: QueueKeys,
  ) {}

  /** Records a launched task (pending); false when it was already recorded. */
  async add(runId: string, task: Omit<TaskRecord, 'status'>): Promise<boolean> {
    return (await this.redis.hsetnx(this.keys.tasks(runId), task.taskId, JSON.stringify({ ...task, status: 'pending' }))) === 1;
  }

  async get(runId: string, taskId: string): Promise<TaskRecord | undefined> {
    const raw = await this.redis.hget(this.keys.tasks(runId), taskId);
    return raw ? (JSON.parse(raw) as TaskRecord) : undefined;
  }

  /**
   * A job starts running the task's tool: the number of earlier starts (more than 0: an earlier
   * job stopped mid-way, its worker gone), or -1 when the task is no longer pending.
   */
  async start(runId: string, taskId: string): Promise<number> {
    return Number(await this.redis.eval(START_TASK_SCRIPT, 1, this.keys.tasks(runId), taskId));
  }

  /**
   * A pending task finished: records its output and appends its event (`encodedEvent`, the
   * run's stream kept to about `maxEvents`) in one step. False when it was no longer pending
   * (cancelled, or finished already): nothing is recorded then.
   */
  async finish(runId: string, taskId: string, output: string, isError: boolean, encodedEvent: string, maxEvents: number): Promise<boolean> {
    const keys = [this.keys.tasks(runId), this.keys.events(runId)];
    return (await this.redis.eval(FINISH_SCRIPT, 2, ...keys, taskId, output, isError ? '1' : '0', String(maxEvents), encodedEvent)) === 1;
  }

  /** Cancels a pending task by its task id or call id; the outcome and the task as it is now. */
  async cancel(runId: string, id: string): Promise<{ outcome: TaskCancelOutcome; task?: TaskRecord }> {
    const [outcome, raw] = (await this.redis.eval(CANCEL_TASK_SCRIPT, 1, this.keys.tasks(runId), id)) as [TaskCancelOutcome, string];
    return { outcome, ...(raw ? { task: JSON.parse(raw) as TaskRecord } : {}) };
  }

  /** All the tasks of a run, sorted by launch (then task id). */
  async all(runId: string): Promise<TaskRecord[]> {
    const all = Object.values(await this.redis.hgetall(this.keys.tasks(runId))).map((t) => JSON.parse(t) as TaskRecord);
    return all.sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0));
  }

  /** The run ended its turn with `result`: waits (true) when tasks are undelivered. */
  async awaitTasks(runId: string, result: string): Promise<boolean> {
    return (await this.redis.eval(AWAIT_TASKS_SCRIPT, 3, this.keys.tasks(runId), this.keys.run(runId), this.keys.counts, String(Date.now()), result)) === 1;
  }
}

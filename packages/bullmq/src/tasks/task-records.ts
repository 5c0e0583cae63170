import type { Redis } from 'ioredis';
import type { QueueKeys } from '../connection/queue-name';
import { AWAIT_TASKS_SCRIPT, DELIVER_SCRIPT } from './task-scripts';

/** A background tool call of a run. @internal */
export interface TaskRecord {
  status: 'pending' | 'done' | 'delivered';
  taskId: string;
  toolName: string;
  callId: string;
  /** The tool's output text, once done. */
  output?: string;
  isError?: boolean;
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

  async finish(runId: string, taskId: string, output: string, isError: boolean): Promise<void> {
    const raw = await this.redis.hget(this.keys.tasks(runId), taskId);
    if (!raw) return;
    const task = JSON.parse(raw) as TaskRecord;
    if (task.status !== 'pending') return;
    await this.redis.hset(this.keys.tasks(runId), taskId, JSON.stringify({ ...task, status: 'done', output, isError }));
  }

  /** The tasks of a run still running. */
  async pending(runId: string): Promise<TaskRecord[]> {
    const all = Object.values(await this.redis.hgetall(this.keys.tasks(runId))).map((t) => JSON.parse(t) as TaskRecord);
    return all.filter((t) => t.status === 'pending');
  }

  /** The run ended its turn with `result`: waits (true) when tasks are undelivered. */
  async awaitTasks(runId: string, result: string): Promise<boolean> {
    return (await this.redis.eval(AWAIT_TASKS_SCRIPT, 3, this.keys.tasks(runId), this.keys.run(runId), this.keys.counts, String(Date.now()), result)) === 1;
  }

  /** The tasks to deliver now and the continuation's job number, when the run waits and none is pending. */
  async takeDeliverable(runId: string): Promise<{ job: number; tasks: TaskRecord[] } | undefined> {
    const out = (await this.redis.eval(DELIVER_SCRIPT, 3, this.keys.tasks(runId), this.keys.run(runId), this.keys.counts, String(Date.now()))) as string[];
    if (out.length === 0) return undefined;
    const [job, ...tasks] = out;
    return { job: Number(job), tasks: tasks.map((t) => JSON.parse(t) as TaskRecord) };
  }
}

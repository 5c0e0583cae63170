import { UserError } from '@toolwright/core';

/** The queue name when none is given. */
export const DEFAULT_QUEUE_NAME = 'toolwright-runs';

/** Checks a queue name: BullMQ keys are built from it, so it must be short and plain. @internal */
export function checkQueueName(name: string | undefined, where: string): string {
  const value = name ?? DEFAULT_QUEUE_NAME;
  if (typeof value !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(value)) {
    throw new UserError(`${where}: the queue name ${JSON.stringify(value)} is not valid; use 1 to 100 letters, digits, '.', '_' or '-'.`);
  }
  return value;
}

/** The Redis keys of the runs of one queue (beside BullMQ's own `bull:<name>:*`). @internal */
export class QueueKeys {
  constructor(readonly queueName: string) {}
  private get base(): string {
    return `toolwright:bullmq:{${this.queueName}}`;
  }
  /** The hash of one run: status, agent, stored run id, context, result. */
  run(runId: string): string {
    return `${this.base}:run:${runId}`;
  }
  /** The stream of one run's events. */
  events(runId: string): string {
    return `${this.base}:events:${runId}`;
  }
  /** The background tasks of one run: task id → JSON `{ status, toolName, callId, output? }`. */
  tasks(runId: string): string {
    return `${this.base}:tasks:${runId}`;
  }
  /** The history of a run that ended waiting for its background tasks. */
  history(runId: string): string {
    return `${this.base}:history:${runId}`;
  }
  /** Counters of runs by status (paused, completed, failed, cancelled). */
  get counts(): string {
    return `${this.base}:counts`;
  }
  /** The channel on which workers announce a run that paused or ended (its id). */
  get settledChannel(): string {
    return `${this.base}:settled`;
  }
  /** The channel on which a background task's cancellation reaches the worker running it (its task id). */
  get taskCancelChannel(): string {
    return `${this.base}:task-cancel`;
  }
  /** The channel on which `cancel` reaches the worker running the run. */
  get cancelChannel(): string {
    return `${this.base}:cancel`;
  }
}

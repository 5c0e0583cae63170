/**
 * A task a run started that runs outside the run's own process — a background tool call running
 * as a job of a queue, for instance — as `get_running_tasks` lists it.
 */
export interface ExternalTask {
  /** The task's id (what `cancel_task` takes, beside the call id). */
  readonly taskId: string;
  /** The tool it runs. */
  readonly toolName: string;
  /** The call of the run that started it. */
  readonly callId: string;
  /** `running`, or `finished` / `failed` while its result waits to be delivered to the run. */
  readonly state: 'running' | 'finished' | 'failed';
  /** When it started, in milliseconds since the epoch. */
  readonly startedAt: number;
}

/**
 * What cancelling an external task did: `cancelled` (stopped; its result will never be
 * delivered), `already_cancelled`, `finished` (it ended first; its result is or will be
 * delivered), `not_found` (no task of this run has that id).
 */
export type TaskCancelOutcome = 'cancelled' | 'already_cancelled' | 'finished' | 'not_found';

/**
 * The tasks of one run kept outside its process (the `tasks` run option). The run's
 * `get_running_tasks` lists them beside the calls running in the process, and `cancel_task`
 * cancels one by its task id or call id. Integrators supply it (a queue worker for its
 * background tasks); both methods are called while the run goes on and must answer promptly.
 *
 * @example
 * runner.run(agent, input, { tasks: { list: async () => jobs.list(runId), cancel: (id) => jobs.cancel(runId, id) } });
 */
export interface TaskSource {
  /** The run's tasks that have not been delivered to it yet. */
  list(): Promise<readonly ExternalTask[]>;
  /** Cancels a task of the run by its task id or the id of the call that started it. */
  cancel(id: string, reason: string): Promise<TaskCancelOutcome>;
}

import { ToolCancelledError } from '../errors/tool-cancelled.error';
import { ToolTaskError } from '../errors/tool-task.error';
import { ToolResult } from '../result/tool-result';

/** One call running in a run that tracks its tasks. @internal */
export interface RunningTask {
  readonly callId: string;
  readonly toolName: string;
  /** The raw JSON arguments. */
  readonly arguments: string;
  readonly cancellable: boolean;
  /** The run the call belongs to (tasks are listed to the model per run). */
  readonly runId: string;
  /** Ends the call now with a cancellation output and aborts its signal. */
  cancel(reason?: string): void;
}

/**
 * The calls running in a runner's runs (with `runningTasks` on), by call id: what
 * `get_running_tasks` lists, what `cancel_task` and `runner.cancel(callId)` cancel. @internal
 */
export class TaskRegistry {
  private readonly tasks = new Map<string, RunningTask>();

  /**
   * Registers a call and runs it: resolves with its result, or, once cancelled, at once with the
   * error output `Tool call <id> was cancelled.` (the tool's signal is aborted with
   * `ToolCancelledError`; a late result is dropped).
   */
  run(task: Omit<RunningTask, 'cancel'>, abort: (reason: ToolCancelledError) => void, work: () => Promise<ToolResult>): Promise<ToolResult> {
    let cancel!: (reason?: string) => void;
    const cancelled = new Promise<ToolResult>((resolve) => {
      cancel = (reason) => {
        // Settled before the abort: the call's own rejection (from the abort) must lose the race.
        resolve(ToolResult.error(`Tool call ${task.callId} was cancelled.`));
        abort(new ToolCancelledError(task.toolName, task.callId, reason));
      };
    });
    this.tasks.set(task.callId, { ...task, cancel });
    const running = work();
    // The losing side of the race must not surface as an unhandled rejection.
    running.catch(() => undefined);
    return Promise.race([running, cancelled]).finally(() => {
      if (this.tasks.get(task.callId)?.runId === task.runId) this.tasks.delete(task.callId);
    });
  }

  /** The cancellable calls running in run `runId`, sorted by call id. */
  list(runId: string): RunningTask[] {
    return [...this.tasks.values()].filter((t) => t.runId === runId && t.cancellable).sort((a, b) => (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
  }

  /**
   * Cancels a running call (of run `runId` only, when given).
   * @throws ToolTaskError `not_found` or `not_cancellable`.
   */
  cancel(callId: string, reason?: string, runId?: string): void {
    const task = this.tasks.get(callId);
    if (!task || (runId !== undefined && task.runId !== runId)) throw new ToolTaskError('not_found', callId);
    if (!task.cancellable) throw new ToolTaskError('not_cancellable', callId);
    task.cancel(reason);
  }
}

const registries = new WeakMap<object, TaskRegistry>();

/** The task registry of a runner (created on first use). @internal */
export function taskRegistryOf(runner: object): TaskRegistry {
  let registry = registries.get(runner);
  if (!registry) {
    registry = new TaskRegistry();
    registries.set(runner, registry);
  }
  return registry;
}

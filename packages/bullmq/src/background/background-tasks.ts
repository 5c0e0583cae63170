import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Agent, RunState, ToolResult, userMessage, type ExternalTask, type Item, type RunEvent, type RunStore, type Runner, type TaskCancelOutcome, type TaskSource } from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';
import { encodeEvent } from '../events/event-codec';
import type { QueueKeys } from '../connection/queue-name';
import type { EventLog } from '../events/event-log';
import { RUN_JOB_NAME, runJobId, TASK_JOB_NAME, type TaskJobData } from '../jobs/job-data';
import type { RunRecords } from '../runs/run-records';
import { ENDED_STATUSES } from '../runs/run-status';
import { HandOvers, type HandOver } from '../tasks/hand-overs';
import { TaskRecords, type TaskRecord } from '../tasks/task-records';
import { staticToolsOf } from './agent-tools';
import type { BackgroundCall } from './background-interceptor';

/** What the background tasks of a worker work with. @internal */
export interface BackgroundTasksDeps {
  redis: Redis;
  keys: QueueKeys;
  records: RunRecords;
  log: EventLog;
  store: RunStore;
  runner: Runner;
  agents: ReadonlyMap<string, Agent<any>>;
  producer: Queue;
  /** Tells the workers that a task was cancelled (its id), so the one running it stops it. */
  announceCancel(taskId: string): Promise<void>;
}

/**
 * Background tool calls: launched as jobs of their own, run by any worker, recorded, their
 * output added to the run's events, and delivered to the run once it has ended its turn and none
 * of its tasks is still running (a continuation job, whose model sees the results). @internal
 */
export class BackgroundTasks {
  private readonly tasks: TaskRecords;
  private readonly handOvers: HandOvers;

  constructor(private readonly deps: BackgroundTasksDeps) {
    this.tasks = new TaskRecords(deps.redis, deps.keys);
    this.handOvers = new HandOvers(deps.redis, deps.keys);
  }

  /** Starts a call as a job (once per task id: a repeated launch is the same job). */
  async launch(runId: string, agent: string, call: BackgroundCall, trace: Record<string, string> | undefined): Promise<void> {
    await this.tasks.add(runId, { taskId: call.taskId, toolName: call.toolName, callId: call.callId, startedAt: Date.now() });
    const data: TaskJobData = { runId, taskId: call.taskId, agent, toolName: call.toolName, callId: call.callId, arguments: call.arguments, ...(trace ? { trace } : {}) };
    await this.deps.producer.add(TASK_JOB_NAME, data, { jobId: call.taskId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 10_000 } });
  }

  /**
   * Runs a task job: the tool through `executeToolCall` (its guardrails, timeout, failure text),
   * with `signal`, which a cancellation aborts. A task cancelled before it started does not run;
   * the output of one cancelled while it ran is dropped.
   */
  async run(data: TaskJobData, signal: AbortSignal): Promise<void> {
    const record = await this.deps.records.get(data.runId);
    if (!record || ENDED_STATUSES.has(record.status)) return;
    const status = (await this.tasks.get(data.runId, data.taskId))?.status;
    // Finished by an earlier attempt of this job whose worker stopped before handing the result
    // on, or while handing it on: the run may be waiting for it alone, or the hand-over be
    // half done. Delivering again finishes what is left, and nothing twice.
    if (status === 'done' || status === 'delivered') {
      await this.deliver(data.runId);
      return;
    }
    if (status !== 'pending') return;
    const agent = this.deps.agents.get(data.agent);
    const tool = agent ? staticToolsOf(agent).get(data.toolName) : undefined;
    const earlierStarts = await this.tasks.start(data.runId, data.taskId);
    if (earlierStarts < 0) return;
    let result: ToolResult;
    if (!agent || !tool) {
      result = ToolResult.error(`The background tool ${data.toolName} is not a tool of agent "${data.agent}" on this worker.`);
    } else if (earlierStarts > 0 && tool.idempotent === false && tool.retrySafe !== true) {
      // A worker ran it and stopped (killed) before it finished: it may have had its effect, and
      // a tool marked idempotent: false must not run twice. The model hears the outcome is unknown.
      result = ToolResult.error(
        `The background task ${data.taskId} (${data.toolName}) was interrupted: the worker running it stopped before it finished, so whether it took effect is unknown. ` +
          `It was not run again because ${data.toolName} is not idempotent.`,
      );
    } else {
      const context = record.context !== undefined ? (JSON.parse(record.context) as unknown) : undefined;
      let args: unknown;
      try {
        args = JSON.parse(data.arguments);
      } catch {
        args = {};
      }
      const options = this.deps.runner.options;
      try {
        result = await executeToolCall({ ...tool, background: false }, args, { context, callId: data.callId, agent, signal, guardrails: options.guardrails ?? [], ...(options.failureError !== undefined ? { failureError: options.failureError } : {}) });
      } catch (error) {
        // Cancelled: the cancellation recorded the task's end.
        if (signal.aborted) return;
        throw error;
      }
    }
    const event = { type: 'tool_output', agent: { name: data.agent }, toolName: data.toolName, callId: data.callId, result, durationMs: 0, background: true, taskId: data.taskId };
    const finished = await this.tasks.finish(data.runId, data.taskId, result.text, result.isError === true, encodeEvent(event as unknown as RunEvent), this.deps.log.maxEvents);
    if (finished) await this.deliver(data.runId);
  }

  /**
   * Cancels a task of a run by its task id or call id: a pending one is marked cancelled (its
   * result will never be delivered), its job removed if it waits, stopped on its worker if it
   * runs, and a `tool_output` event saying so joins the run's events.
   */
  async cancel(runId: string, id: string): Promise<TaskCancelOutcome> {
    const { outcome, task } = await this.tasks.cancel(runId, id);
    if (outcome !== 'cancelled' || !task) return outcome;
    const record = await this.deps.records.get(runId);
    const event = {
      type: 'tool_output', agent: { name: record?.agent ?? '' }, toolName: task.toolName, callId: task.callId,
      result: ToolResult.error(`Background task ${task.taskId} (${task.toolName}) was cancelled.`), durationMs: 0, background: true, taskId: task.taskId, cancelled: true,
    };
    await this.deps.log.append(this.deps.redis, runId, event as unknown as RunEvent);
    await this.deps.announceCancel(task.taskId);
    const job = await this.deps.producer.getJob(task.taskId);
    if (job && ((await job.isWaiting().catch(() => false)) || (await job.isDelayed().catch(() => false)))) await job.remove().catch(() => undefined);
    // A run waiting on this task alone goes on now.
    await this.deliver(runId);
    return outcome;
  }

  /** The run's tasks not yet delivered to it, as the task tools list them. */
  async list(runId: string): Promise<ExternalTask[]> {
    const open = (await this.tasks.all(runId)).filter((t) => t.status === 'pending' || t.status === 'done');
    return open.map((t) => ({ taskId: t.taskId, toolName: t.toolName, callId: t.callId, state: t.status === 'pending' ? 'running' : t.isError ? 'failed' : 'finished', startedAt: t.startedAt ?? 0 }));
  }

  /** The run's tasks as a `TaskSource` for its task tools (`get_running_tasks`, `cancel_task`). */
  sourceFor(runId: string): TaskSource {
    return { list: () => this.list(runId), cancel: (id) => this.cancel(runId, id) };
  }

  /** The run ended its turn: keeps its history and waits (true) when tasks are undelivered. */
  async awaitTasks(runId: string, resultJson: string, history: Item[]): Promise<boolean> {
    if ((await this.deps.redis.exists(this.deps.keys.tasks(runId))) === 0) return false;
    await this.deps.redis.set(this.deps.keys.history(runId), JSON.stringify(history));
    const waiting = await this.tasks.awaitTasks(runId, resultJson);
    if (waiting) await this.deps.redis.publish(this.deps.keys.settledChannel, runId);
    return waiting;
  }

  /**
   * Delivers the finished tasks to a waiting run when none is pending: a new turn of the run on
   * their results. Resumable: a hand-over left half done by a killed worker is taken up where it
   * stopped (the same continuation, the same job), by whichever delivery runs next.
   */
  async deliver(runId: string): Promise<void> {
    const handOver = await this.handOvers.take(runId);
    if (!handOver) return;
    const storeRunId = handOver.storeRunId ?? (await this.saveContinuation(runId, handOver));
    if (storeRunId === undefined) return;
    const agent = (await this.deps.records.get(runId))?.agent ?? '';
    // A deterministic job id: adding it again after a crash adds nothing.
    await this.deps.producer.add(RUN_JOB_NAME, { runId, kind: 'resume', agent }, { jobId: runJobId(runId, handOver.job), attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 10_000 } });
    await this.handOvers.delivered(runId, handOver.job);
  }

  /**
   * Saves the run's continuation on the delivered results (its kept history and a message with
   * them) in the run store, once: a copy saved by a concurrent or crashed attempt loses to the
   * first one recorded and is completed. Undefined when the hand-over is over (the run was cancelled).
   */
  private async saveContinuation(runId: string, handOver: HandOver): Promise<string | undefined> {
    const record = await this.deps.records.get(runId);
    if (!record) return undefined;
    const history = JSON.parse((await this.deps.redis.get(this.deps.keys.history(runId))) ?? '[]') as Item[];
    // The stored state names its agent only; the worker resuming it runs its own agent of that name.
    const state = new RunState<unknown>({ agent: new Agent({ name: record.agent }), history: [...history, userMessage(deliveryText(handOver.tasks))], maxTurns: this.deps.runner.options.maxTurns ?? 10, context: undefined });
    state.status = 'interrupted';
    const saved = await this.deps.store.save(state);
    const storeRunId = await this.handOvers.continuationSaved(runId, handOver.job, saved);
    if (storeRunId !== saved) await this.deps.store.complete(saved).catch(() => undefined);
    return storeRunId;
  }
}

/** The message that hands background results to the model. */
function deliveryText(tasks: TaskRecord[]): string {
  return tasks
    .map((t) => `[background task ${t.taskId}] ${t.toolName} (call ${t.callId}) ${t.isError ? 'failed' : 'finished'}:\n${t.output ?? ''}`)
    .join('\n\n');
}

import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { RunState, ToolResult, userMessage, type Agent, type Item, type RunEvent, type RunStore, type Runner } from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';
import type { QueueKeys } from '../connection/queue-name';
import type { EventLog } from '../events/event-log';
import { RUN_JOB_NAME, runJobId, TASK_JOB_NAME, type TaskJobData } from '../jobs/job-data';
import type { RunRecords } from '../runs/run-records';
import { ENDED_STATUSES } from '../runs/run-status';
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
}

/**
 * Background tool calls: launched as jobs of their own, run by any worker, recorded, their
 * output added to the run's events, and delivered to the run once it has ended its turn and none
 * of its tasks is still running (a continuation job, whose model sees the results). @internal
 */
export class BackgroundTasks {
  private readonly tasks: TaskRecords;

  constructor(private readonly deps: BackgroundTasksDeps) {
    this.tasks = new TaskRecords(deps.redis, deps.keys);
  }

  /** Starts a call as a job (once per task id: a repeated launch is the same job). */
  async launch(runId: string, agent: string, call: BackgroundCall, trace: Record<string, string> | undefined): Promise<void> {
    await this.tasks.add(runId, { taskId: call.taskId, toolName: call.toolName, callId: call.callId });
    const data: TaskJobData = { runId, taskId: call.taskId, agent, toolName: call.toolName, callId: call.callId, arguments: call.arguments, ...(trace ? { trace } : {}) };
    await this.deps.producer.add(TASK_JOB_NAME, data, { jobId: call.taskId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 10_000 } });
  }

  /** Runs a task job: the tool through `executeToolCall` (its guardrails, timeout, failure text). */
  async run(data: TaskJobData): Promise<void> {
    const record = await this.deps.records.get(data.runId);
    if (!record || ENDED_STATUSES.has(record.status)) return;
    const agent = this.deps.agents.get(data.agent);
    const tool = agent ? staticToolsOf(agent).get(data.toolName) : undefined;
    let result: ToolResult;
    if (!agent || !tool) {
      result = ToolResult.error(`The background tool ${data.toolName} is not a tool of agent "${data.agent}" on this worker.`);
    } else {
      const context = record.context !== undefined ? (JSON.parse(record.context) as unknown) : undefined;
      let args: unknown;
      try {
        args = JSON.parse(data.arguments);
      } catch {
        args = {};
      }
      result = await executeToolCall({ ...tool, background: false }, args, { context, callId: data.callId, agent, guardrails: this.deps.runner.options.guardrails ?? [], ...(this.deps.runner.options.failureError !== undefined ? { failureError: this.deps.runner.options.failureError } : {}) });
    }
    const event = { type: 'tool_output', agent: { name: data.agent }, toolName: data.toolName, callId: data.callId, result, durationMs: 0, background: true, taskId: data.taskId };
    await this.deps.log.append(this.deps.redis, data.runId, event as unknown as RunEvent);
    await this.tasks.finish(data.runId, data.taskId, result.text, result.isError === true);
    await this.deliver(data.runId);
  }

  /** The run ended its turn: keeps its history and waits (true) when tasks are undelivered. */
  async awaitTasks(runId: string, resultJson: string, history: Item[]): Promise<boolean> {
    if ((await this.deps.redis.exists(this.deps.keys.tasks(runId))) === 0) return false;
    await this.deps.redis.set(this.deps.keys.history(runId), JSON.stringify(history));
    const waiting = await this.tasks.awaitTasks(runId, resultJson);
    if (waiting) await this.deps.redis.publish(this.deps.keys.settledChannel, runId);
    return waiting;
  }

  /** Delivers the finished tasks to a waiting run when none is pending: a new turn of the run on their results. */
  async deliver(runId: string): Promise<void> {
    const taken = await this.tasks.takeDeliverable(runId);
    if (!taken) return;
    const record = await this.deps.records.get(runId);
    const agent = record ? this.deps.agents.get(record.agent) : undefined;
    const history = JSON.parse((await this.deps.redis.get(this.deps.keys.history(runId))) ?? '[]') as Item[];
    if (!record || !agent) return;
    const state = new RunState<unknown>({ agent, history: [...history, userMessage(deliveryText(taken.tasks))], maxTurns: this.deps.runner.options.maxTurns ?? 10, context: undefined });
    state.status = 'interrupted';
    const storeRunId = await this.deps.store.save(state);
    await this.deps.redis.hset(this.deps.keys.run(runId), 'storeRunId', storeRunId);
    await this.deps.redis.del(this.deps.keys.history(runId));
    await this.deps.producer.add(RUN_JOB_NAME, { runId, kind: 'resume', agent: record.agent }, { jobId: runJobId(runId, taken.job), attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 10_000 } });
  }
}

/** The message that hands background results to the model. */
function deliveryText(tasks: TaskRecord[]): string {
  return tasks
    .map((t) => `[background task ${t.taskId}] ${t.toolName} (call ${t.callId}) ${t.isError ? 'failed' : 'finished'}:\n${t.output ?? ''}`)
    .join('\n\n');
}

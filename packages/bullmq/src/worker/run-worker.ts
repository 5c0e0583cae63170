import { Queue, UnrecoverableError, WaitingError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { Agent, Runner, UserError, type RunResult, type RunStore } from '@toolwright/core';
import { staticToolsOf } from '../background/agent-tools';
import { backgroundInterceptor, type BackgroundCall } from '../background/background-interceptor';
import { BackgroundTasks } from '../background/background-tasks';
import { newClient, openClient, redisOptionsOf } from '../connection/queue-connection';
import { checkQueueName, QueueKeys } from '../connection/queue-name';
import { EventLog } from '../events/event-log';
import { RUN_JOB_NAME, runJobId, TASK_JOB_NAME, type RunJobData, type TaskJobData } from '../jobs/job-data';
import { RunRecords } from '../runs/run-records';
import { ENDED_STATUSES } from '../runs/run-status';
import { withJobSpan } from '../tracing/trace-context';
import { errorJson, isInfrastructureFailure } from './failure-kind';
import type { RunWorkerOptions } from './run-worker-options';
import { resumeWhenFree } from './stored-run-attempt';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a running run's signal was aborted. */
type StopReason = 'cancelled' | 'shutdown';

interface ActiveRun {
  controller: AbortController;
  stop?: StopReason;
}

/**
 * The consumer side: takes run jobs from the queue and runs them with the runner and the run
 * store, `concurrency` at a time. A run that pauses for approval ends its job (the store keeps
 * it; `queue.resume` enqueues its continuation); a worker that dies mid-run (even SIGKILL) loses
 * its job to BullMQ's stalled-job check, and another worker resumes the run from the store, the
 * call ledger keeping `idempotent: false` tools from running twice.
 *
 * @example
 * const worker = new RunWorker({ connection: { host: '127.0.0.1', port: 6379 }, store, runner, agents: [support], concurrency: 20 });
 * process.on('SIGTERM', () => worker.close({ graceMs: 10_000 }));
 */
export class RunWorker {
  private readonly store: RunStore;
  private readonly runner: Runner;
  private readonly agents = new Map<string, Agent<any>>();
  private readonly keys: QueueKeys;
  private readonly records: RunRecords;
  private readonly log: EventLog;
  private readonly redis: Redis;
  private readonly ownsRedis: boolean;
  private readonly subscriber: Redis;
  private readonly worker: Worker<RunJobData | TaskJobData>;
  private readonly producer: Queue;
  private readonly background: BackgroundTasks;
  private readonly leaseMs: number;
  private readonly active = new Map<string, ActiveRun>();
  /** The background tasks running here, by task id. */
  private readonly activeTasks = new Map<string, AbortController>();
  private closing: Promise<void> | undefined;

  constructor(options: RunWorkerOptions) {
    if (typeof options !== 'object' || options === null) throw new UserError('new RunWorker({ connection, store, runner, agents }) needs its options.');
    const queueName = checkQueueName(options.queueName, 'new RunWorker({ queueName })');
    if (!(options.runner instanceof Runner)) throw new UserError('new RunWorker({ runner }): runner must be a Runner (new Runner({ model, ... })).');
    const store = options.store as Partial<RunStore> | undefined;
    if (typeof store?.claim !== 'function' || typeof store.inspect !== 'function') {
      throw new UserError('new RunWorker({ store }): store must be the RunStore the queue uses (e.g. new RedisRunStore({ url, secret })).');
    }
    if (!Array.isArray(options.agents) || options.agents.length === 0 || !options.agents.every((a) => a instanceof Agent)) {
      throw new UserError('new RunWorker({ agents }): agents must be a non-empty array of the Agents whose runs this worker takes, e.g. [supportAgent].');
    }
    for (const agent of options.agents) {
      if (this.agents.has(agent.name) && this.agents.get(agent.name) !== agent) throw new UserError(`new RunWorker({ agents }): two agents are named "${agent.name}"; runs name their agent, so names must be unique.`);
      this.agents.set(agent.name, agent);
    }
    const concurrency = options.concurrency ?? 10;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 10_000) throw new UserError(`new RunWorker({ concurrency }): concurrency must be an integer from 1 to 10000, got ${String(concurrency)}.`);
    this.leaseMs = options.leaseMs ?? 30_000;
    if (!Number.isInteger(this.leaseMs) || this.leaseMs < 100) throw new UserError(`new RunWorker({ leaseMs }): leaseMs must be an integer of at least 100, got ${String(options.leaseMs)}.`);
    this.store = options.store;
    this.runner = options.runner;
    const redisOptions = redisOptionsOf(options.connection, 'new RunWorker({ connection })');
    this.ownsRedis = !(options.connection instanceof Redis);
    this.redis = options.connection instanceof Redis ? options.connection : newClient(redisOptions);
    this.keys = new QueueKeys(queueName);
    this.records = new RunRecords(this.redis, this.keys, Math.ceil((options.endedTtlMs ?? 7 * DAY_MS) / 1000));
    this.log = new EventLog(this.keys, options.maxEventsPerRun ?? 10_000);
    this.subscriber = openClient(options.connection, 'new RunWorker({ connection })');
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.keys.taskCancelChannel) this.activeTasks.get(id)?.abort(new Error(`background task ${id} was cancelled`));
      else this.stopRun(id, 'cancelled');
    });
    void this.subscriber.subscribe(this.keys.cancelChannel, this.keys.taskCancelChannel).catch(() => undefined);
    this.producer = new Queue(queueName, { connection: redisOptions as ConnectionOptions });
    this.background = new BackgroundTasks({
      redis: this.redis,
      keys: this.keys,
      records: this.records,
      log: this.log,
      store: this.store,
      runner: this.runner,
      agents: this.agents,
      producer: this.producer,
      announceCancel: async (taskId) => {
        await this.redis.publish(this.keys.taskCancelChannel, taskId);
      },
    });
    this.worker = new Worker<RunJobData | TaskJobData>(queueName, (job, token) => this.process(job, token), {
      maxStalledCount: 5,
      ...options.workerOptions,
      connection: redisOptions as ConnectionOptions,
      concurrency,
    });
    // BullMQ reports connection trouble here; without a listener Node would treat it as fatal.
    this.worker.on('error', () => undefined);
  }

  /** Resolves once the worker is connected and taking jobs. */
  async waitUntilReady(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /**
   * Stops taking jobs and waits for the runs in flight; after `graceMs` (default 30,000) the
   * ones still running are stopped (their tools' signals abort) and given back to the queue, so
   * another worker resumes them from the store. Connections the worker opened are closed.
   */
  close(options: { graceMs?: number } = {}): Promise<void> {
    this.closing ??= (async () => {
      const graceMs = options.graceMs ?? 30_000;
      const timer = setTimeout(() => {
        for (const runId of this.active.keys()) this.stopRun(runId, 'shutdown');
      }, graceMs);
      try {
        await this.worker.close();
      } finally {
        clearTimeout(timer);
        this.subscriber.disconnect();
        await this.producer.close().catch(() => undefined);
        if (this.ownsRedis) await this.redis.quit().catch(() => undefined);
      }
    })();
    return this.closing;
  }

  private stopRun(runId: string, reason: StopReason): void {
    const run = this.active.get(runId);
    if (!run || run.stop) return;
    run.stop = reason;
    run.controller.abort(new Error(reason === 'cancelled' ? `run ${runId} was cancelled (queue.cancel)` : 'the worker is shutting down'));
  }

  private async process(job: Job<RunJobData | TaskJobData>, token: string | undefined): Promise<void> {
    if (job.name === TASK_JOB_NAME) return this.processTask(job.data as TaskJobData);
    if (job.name !== RUN_JOB_NAME) throw new UnrecoverableError(`RunWorker takes only ${RUN_JOB_NAME} and ${TASK_JOB_NAME} jobs (from RunQueue), got a job named ${job.name}.`);
    return this.processRun(job as Job<RunJobData>, token);
  }

  private async processTask(data: TaskJobData): Promise<void> {
    // Registered before the task's status is read: a cancellation either is seen there or aborts this.
    const controller = new AbortController();
    this.activeTasks.set(data.taskId, controller);
    try {
      await this.background.run(data, controller.signal);
    } finally {
      this.activeTasks.delete(data.taskId);
    }
  }

  private async processRun(job: Job<RunJobData>, token: string | undefined): Promise<void> {
    const { runId } = job.data;
    let record = await this.records.get(runId);
    // Cancelled, ended, or already paused by an earlier attempt of this job: nothing to run.
    if (!record || ENDED_STATUSES.has(record.status) || record.status === 'paused') return;
    if (record.delivering !== undefined || record.status === 'waiting') {
      // Background results being handed to the run, or due to be: a worker killed in the middle
      // of it (or before it) leaves it to whichever job comes next. Finish it, then look again.
      await this.background.deliver(runId);
      record = await this.records.get(runId);
      if (!record || ENDED_STATUSES.has(record.status) || record.status === 'paused') return;
    }
    // Not the run's current job: a stalled job of an earlier turn, handed over by BullMQ after the
    // run moved on (its stored run completed, or held by the current job). Resuming would fail
    // the run; the run is the current job's, or waits for its background tasks.
    if (record.status === 'waiting' || job.id !== runJobId(runId, record.jobs) || !record.storeRunId) return;
    const agent = this.agents.get(record.agent);
    if (!agent) {
      const error = new UserError(`No agent named "${record.agent}" in this RunWorker; pass it in new RunWorker({ agents: [...] }) (known: ${[...this.agents.keys()].join(', ')}).`);
      await this.fail(runId, error);
      throw new UnrecoverableError(error.message);
    }
    const old = await this.records.transition(runId, 'running');
    if (old === 'missing' || ENDED_STATUSES.has(old)) return;
    const run: ActiveRun = { controller: new AbortController() };
    this.active.set(runId, run);
    const storeRunId = record.storeRunId;
    try {
      const result = await withJobSpan(job.data.trace, { 'toolwright.run_id': runId, 'bullmq.job_id': job.id ?? '', 'bullmq.queue': this.keys.queueName }, () =>
        resumeWhenFree(
          this.runnerFor(runId, record.agent, job.data.trace),
          agent,
          this.store,
          storeRunId,
          {
            signal: run.controller.signal,
            leaseMs: this.leaseMs,
            // The task tools of a run with background tools see its tasks running as jobs.
            ...(hasBackgroundTools(agent) ? { tasks: this.background.sourceFor(runId) } : {}),
            ...(record.context !== undefined ? { context: JSON.parse(record.context) as unknown } : {}),
            ...(this.runner.options.maxTurns !== undefined ? { maxTurns: this.runner.options.maxTurns } : {}),
          },
          async (event) => {
            await this.log.append(this.redis, runId, event);
          },
          this.leaseMs * 2 + 5000,
        ),
      );
      await this.settle(runId, result, storeRunId);
    } catch (error) {
      if (run.stop === 'cancelled') {
        await this.store.complete(storeRunId).catch(() => undefined);
        return;
      }
      if (run.stop === 'shutdown') {
        // Given back: the store released the run; the job waits for another worker.
        await this.records.transition(runId, 'queued');
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (isInfrastructureFailure(error) && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
        await this.records.transition(runId, 'queued');
        throw error;
      }
      await this.fail(runId, error);
      throw new UnrecoverableError(errorJson(error).message);
    } finally {
      this.active.delete(runId);
    }
  }

  /**
   * This worker's runner for one run: the same options, with the interceptor that hands the
   * calls of `background: true` tools to jobs of their own.
   */
  private runnerFor(runId: string, agentName: string, trace: Record<string, string> | undefined): Runner {
    const launch = (call: BackgroundCall): Promise<void> => this.background.launch(runId, agentName, call, trace);
    return new Runner({ ...this.runner.options, interceptors: [...(this.runner.options.interceptors ?? []), backgroundInterceptor(runId, launch)] });
  }

  /** Records a run that paused or ended (or waits for its background tasks), and wakes whoever waits for it. */
  private async settle(runId: string, result: RunResult, storeRunId: string): Promise<void> {
    const view = { ...result.toJSON(), runId, newItems: result.newItems, lastAgent: { name: result.lastAgent.name } };
    let json = JSON.stringify(view);
    if (Buffer.byteLength(json) > 4 * 1024 * 1024) json = JSON.stringify({ ...view, newItems: [] });
    if (result.status !== 'interrupted' && (await this.background.awaitTasks(runId, json, result.history))) {
      await this.background.deliver(runId);
      return;
    }
    const status = result.status === 'interrupted' ? 'paused' : 'completed';
    const old = await this.records.transition(runId, status, { result: json });
    // Cancelled while its last step ran: the stored run must not wait for a resume.
    if (old === 'cancelled' && status === 'paused') await this.store.complete(storeRunId).catch(() => undefined);
    if (status === 'completed' && old !== 'cancelled') await this.log.append(this.redis, runId, { type: 'run_ended' });
    await this.redis.publish(this.keys.settledChannel, runId);
  }

  private async fail(runId: string, error: unknown): Promise<void> {
    const json = errorJson(error);
    const old = await this.records.transition(runId, 'failed', { error: JSON.stringify(json) });
    if (old !== 'missing' && !ENDED_STATUSES.has(old)) await this.log.append(this.redis, runId, { type: 'run_failed', error: json });
    await this.redis.publish(this.keys.settledChannel, runId);
  }
}

/** Whether an agent has tools marked `background: true` (among its static tools). */
function hasBackgroundTools(agent: Agent<any>): boolean {
  for (const tool of staticToolsOf(agent).values()) if (tool.background === true) return true;
  return false;
}

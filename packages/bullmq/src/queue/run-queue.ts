import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { Agent, RunState, UserError, userMessage, type ApproveOptions, type Item, type RejectOptions, type RunStore } from '@toolwright/core';
import { newClient, openClient, redisOptionsOf } from '../connection/queue-connection';
import { checkQueueName, QueueKeys } from '../connection/queue-name';
import { checkRunId } from '../connection/run-id';
import { QueuedRunCancelledError } from '../errors/queued-run-cancelled.error';
import { QueuedRunFailedError } from '../errors/queued-run-failed.error';
import { QueuedRunNotFoundError } from '../errors/queued-run-not-found.error';
import { EventLog } from '../events/event-log';
import type { QueuedRunEvent } from '../events/event-codec';
import { RUN_JOB_NAME, runJobId, type RunJobData } from '../jobs/job-data';
import { RunRecords, type RunRecord } from '../runs/run-records';
import type { QueuedRunStatus } from '../runs/run-status';
import { currentTraceContext } from '../tracing/trace-context';
import { checkContext, checkInput } from './enqueue-checks';
import type { EnqueueOptions, QueuedRunResult, RunQueueOptions, RunQueueStats } from './run-queue-options';
import { SettledWaiters } from './settled-waiters';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_JOB_OPTIONS: JobsOptions = { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 10_000 } };

/**
 * The producer side of runs on BullMQ, usable from any process: enqueue runs, read their events
 * (from the start or a given event id), wait for their outcome, resume them after approval
 * decisions, cancel them, count them. Workers (`RunWorker`) run them.
 *
 * @example
 * const queue = new RunQueue({ connection: { host: '127.0.0.1', port: 6379 }, store });
 * const runId = await queue.enqueue('support', 'Refund order A-17', { context: { userId: 'u1' } });
 * for await (const event of queue.events(runId)) console.log(event.eventId, event.type);
 * const result = await queue.result(runId);
 */
export class RunQueue {
  /** The queue's name (the BullMQ queue's). */
  readonly name: string;
  private readonly store: RunStore;
  private readonly bull: Queue;
  private readonly redis: Redis;
  private readonly ownsRedis: boolean;
  private readonly keys: QueueKeys;
  private readonly records: RunRecords;
  private readonly log: EventLog;
  private readonly jobOptions: JobsOptions;
  private readonly settled: SettledWaiters;
  private readonly connections = new Set<Redis>();
  private closed = false;

  constructor(private readonly options: RunQueueOptions) {
    if (typeof options !== 'object' || options === null) throw new UserError('new RunQueue({ connection, store }) needs its options.');
    this.name = checkQueueName(options.name, 'new RunQueue({ name })');
    const store = options.store as Partial<RunStore> | undefined;
    if (typeof store?.save !== 'function' || typeof store.claim !== 'function') {
      throw new UserError('new RunQueue({ store }): store must be a RunStore shared with the workers, e.g. new RedisRunStore({ url, secret }) or new PostgresRunStore({ ... }).');
    }
    this.store = options.store;
    const redisOptions = redisOptionsOf(options.connection, 'new RunQueue({ connection })');
    this.ownsRedis = !(options.connection instanceof Redis);
    this.redis = options.connection instanceof Redis ? options.connection : newClient(redisOptions);
    this.keys = new QueueKeys(this.name);
    this.records = new RunRecords(this.redis, this.keys, Math.ceil((options.endedTtlMs ?? 7 * DAY_MS) / 1000));
    this.log = new EventLog(this.keys, options.maxEventsPerRun ?? 10_000);
    this.bull = new Queue(this.name, { connection: redisOptions as ConnectionOptions });
    this.jobOptions = { ...DEFAULT_JOB_OPTIONS, ...options.jobOptions };
    this.settled = new SettledWaiters(() => this.connection(), this.keys.settledChannel);
  }

  /**
   * Enqueues a run of the agent named `agentName` (a worker must know it) on `input`; returns the
   * run's id, which is also its id in the run store (`store.approve(runId, callId)` decides its
   * calls). With `options.runId`, enqueueing that id again returns it without a second run.
   */
  async enqueue(agentName: string, input: string | Item[], options: EnqueueOptions = {}): Promise<string> {
    this.checkOpen();
    if (typeof agentName !== 'string' || agentName.length === 0 || agentName.length > 200) {
      throw new UserError(`queue.enqueue(agentName, input): agentName must be the name of an agent the workers know (1 to 200 characters), got ${JSON.stringify(agentName)?.slice(0, 100)}.`);
    }
    checkInput(input);
    const context = checkContext(options.context);
    if (options.runId !== undefined) checkRunId(options.runId, 'queue.enqueue(agentName, input, { runId })');
    checkJobNumber(options.priority, 'priority', 1, 2_097_152);
    checkJobNumber(options.delayMs, 'delayMs', 0, 2_147_483_647);
    if (options.runId !== undefined && (await this.records.get(options.runId))) return options.runId;
    // The run is stored before its first job: its id is the store's, and a worker that crashes
    // in its first turn leaves a run the next one resumes from the store.
    const state = new RunState<unknown>({ agent: new Agent({ name: agentName }), history: typeof input === 'string' ? [userMessage(input)] : input.slice(), maxTurns: 10, context: undefined });
    state.status = 'interrupted';
    const storeRunId = await this.store.save(state);
    const runId = options.runId ?? storeRunId;
    if (!(await this.records.create(runId, agentName, context, storeRunId))) {
      await this.store.complete(storeRunId).catch(() => undefined);
      return runId;
    }
    const trace = currentTraceContext();
    const data: RunJobData = { runId, kind: 'start', agent: agentName, ...(trace ? { trace } : {}) };
    await this.bull.add(RUN_JOB_NAME, data, {
      ...this.jobOptions,
      jobId: runJobId(runId, 1),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
      ...(options.delayMs !== undefined ? { delay: options.delayMs } : {}),
    });
    return runId;
  }

  /**
   * The run's events, from any process, in order: from the start, or after `fromEventId` (the
   * `eventId` of the last event a reconnecting client saw). The iteration follows the run across
   * pauses, resumes and background tasks (whose `tool_output` arrives when they finish) and ends
   * after the `run_completed` event of its end; for a run that failed
   * or was cancelled it throws `QueuedRunFailedError` / `QueuedRunCancelledError` after the events.
   * Agents appear as `{ name }` and results as their public view (`result.toJSON()`).
   */
  async *events(runId: string, options: { fromEventId?: string } = {}): AsyncGenerator<QueuedRunEvent> {
    checkRunId(runId, 'queue.events(runId)');
    const from = options.fromEventId ?? '0';
    if (typeof from !== 'string' || !/^(0|\d{1,20}-\d{1,20})$/.test(from)) {
      throw new UserError(`queue.events(runId, { fromEventId }): ${JSON.stringify(from)} is not an event id; pass the eventId of an event the queue gave you.`);
    }
    if (!(await this.records.get(runId))) throw new QueuedRunNotFoundError(runId);
    const client = this.connection();
    let last = from;
    try {
      for (;;) {
        this.checkOpen();
        const entries = await this.log.read(client, runId, last, 2000);
        for (const entry of entries) {
          last = entry.eventId;
          if (entry.type === 'run_failed') throw new QueuedRunFailedError(runId, entry.error.name, entry.error.message);
          if (entry.type === 'run_cancelled') throw new QueuedRunCancelledError(runId);
          if (entry.type === 'run_ended') return;
          yield entry;
        }
        if (entries.length === 0) {
          // Nothing new for a while: a run whose events were trimmed or expired ends here.
          const record = await this.records.get(runId);
          if (!record) return;
          if (record.status === 'completed' && (await this.log.read(client, runId, last, 0)).length === 0) return;
          if (record.status === 'failed' || record.status === 'cancelled') throw this.endError(runId, record);
        }
      }
    } finally {
      this.connections.delete(client);
      client.disconnect();
    }
  }

  /**
   * The run's outcome once it has one: resolves when it completes or pauses for approval
   * (`status: 'interrupted'` with its `interruptions`; decide them, then `resume`); rejects with
   * `QueuedRunFailedError` or `QueuedRunCancelledError`.
   */
  async result(runId: string): Promise<QueuedRunResult> {
    checkRunId(runId, 'queue.result(runId)');
    for (;;) {
      this.checkOpen();
      const record = await this.records.get(runId);
      if (!record) throw new QueuedRunNotFoundError(runId);
      if ((record.status === 'completed' || record.status === 'paused') && record.result !== undefined) return JSON.parse(record.result) as QueuedRunResult;
      if (record.status === 'failed' || record.status === 'cancelled') throw this.endError(runId, record);
      await this.settled.wait(runId, 5000);
    }
  }

  /**
   * Continues a paused run on any worker, after its pending calls were decided with
   * `store.approve(runId, callId)` / `store.reject(...)` (or `queue.approve` / `queue.reject`).
   * @throws UserError when the run is not paused.
   */
  async resume(runId: string): Promise<void> {
    this.checkOpen();
    checkRunId(runId, 'queue.resume(runId)');
    const record = await this.records.get(runId);
    if (!record) throw new QueuedRunNotFoundError(runId);
    const { status, job } = await this.records.reopen(runId);
    if (status !== 'paused') throw new UserError(`queue.resume(${runId}): the run is ${status}; only a paused run (waiting for approval decisions) can be resumed.`);
    const trace = currentTraceContext();
    await this.bull.add(RUN_JOB_NAME, { runId, kind: 'resume', agent: record.agent, ...(trace ? { trace } : {}) }, { ...this.jobOptions, jobId: runJobId(runId, job) });
  }

  /** Approves a pending call of a paused run (the store's `approve`, by the queue's run id). */
  async approve(runId: string, callId: string, options?: ApproveOptions): Promise<void> {
    await this.store.approve(await this.storeRunIdOf(runId), callId, options);
  }

  /** Rejects a pending call of a paused run (the store's `reject`, by the queue's run id). */
  async reject(runId: string, callId: string, options?: RejectOptions): Promise<void> {
    await this.store.reject(await this.storeRunIdOf(runId), callId, options);
  }

  /**
   * Cancels a run: a waiting job is removed, a running one is aborted on its worker (its tools'
   * signals abort), a paused one is completed in the store. Its events end with
   * `QueuedRunCancelledError`. Cancelling an ended run does nothing.
   */
  async cancel(runId: string): Promise<void> {
    this.checkOpen();
    checkRunId(runId, 'queue.cancel(runId)');
    const record = await this.records.get(runId);
    if (!record) throw new QueuedRunNotFoundError(runId);
    const old = await this.records.transition(runId, 'cancelled');
    if (old === 'missing' || old === 'completed' || old === 'failed' || old === 'cancelled') return;
    await this.log.append(this.redis, runId, { type: 'run_cancelled' });
    await this.redis.publish(this.keys.cancelChannel, runId);
    await this.redis.publish(this.keys.settledChannel, runId);
    const job = await this.bull.getJob(runJobId(runId, record.jobs));
    if (job && (await job.isWaiting().catch(() => false) || await job.isDelayed().catch(() => false))) await job.remove().catch(() => undefined);
    // A running job's worker completes the stored run once its run stopped; here only the others.
    if (old !== 'running' && record.storeRunId) await this.store.complete(record.storeRunId).catch(() => undefined);
  }

  /** A run's status (`queued`, `running`, `paused`, `completed`, `failed`, `cancelled`). */
  async status(runId: string): Promise<QueuedRunStatus> {
    checkRunId(runId, 'queue.status(runId)');
    const record = await this.records.get(runId);
    if (!record) throw new QueuedRunNotFoundError(runId);
    return record.status;
  }

  /** Jobs waiting and active now (BullMQ's counts), runs paused for approval, and runs ended so far. */
  async stats(): Promise<RunQueueStats> {
    const [jobs, runs] = await Promise.all([this.bull.getJobCounts('waiting', 'prioritized', 'delayed', 'active'), this.records.counts()]);
    return {
      waiting: (jobs.waiting ?? 0) + (jobs.prioritized ?? 0) + (jobs.delayed ?? 0),
      active: jobs.active ?? 0,
      paused: runs.paused,
      failed: runs.failed,
      completed: runs.completed,
      cancelled: runs.cancelled,
    };
  }

  /** Closes the queue's connections (a client passed as `connection` stays open). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.settled.wakeAll();
    for (const client of this.connections) client.disconnect();
    this.connections.clear();
    await this.bull.close();
    if (this.ownsRedis) await this.redis.quit().catch(() => undefined);
  }

  private async storeRunIdOf(runId: string): Promise<string> {
    checkRunId(runId, 'queue.approve(runId, callId)');
    const record = await this.records.get(runId);
    if (!record?.storeRunId) throw new QueuedRunNotFoundError(runId);
    return record.storeRunId;
  }

  private endError(runId: string, record: RunRecord): Error {
    if (record.status === 'cancelled') return new QueuedRunCancelledError(runId);
    const error = record.error ? (JSON.parse(record.error) as { name: string; message: string }) : { name: 'Error', message: 'unknown error' };
    return new QueuedRunFailedError(runId, error.name, error.message);
  }

  private connection(): Redis {
    const client = openClient(this.options.connection, 'new RunQueue({ connection })');
    this.connections.add(client);
    return client;
  }

  private checkOpen(): void {
    if (this.closed) throw new UserError('This RunQueue was closed (queue.close()); create a new one.');
  }
}

function checkJobNumber(value: number | undefined, name: string, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UserError(`queue.enqueue(agentName, input, { ${name} }): ${name} must be an integer from ${min} to ${max}, got ${String(value)}.`);
  }
}

import type { Redis } from 'ioredis';
import type { QueueKeys } from '../connection/queue-name';
import { CachedScript } from './cached-script';
import { RESUME_SCRIPT, TRANSITION_SCRIPT } from './run-scripts';
import type { QueuedRunStatus } from './run-status';

/** A run's hash as stored. @internal */
export interface RunRecord {
  status: QueuedRunStatus;
  agent: string;
  /** The run's id in the run store (the run's own id unless enqueued with a `runId` of the caller's). */
  storeRunId?: string;
  /** The run's context as JSON (passed to every job's run). */
  context?: string;
  /** How many jobs the run has had (the next job's number). */
  jobs: number;
  /** The latest outcome as JSON: the public result of a pause or the end. */
  result?: string;
  /** The error of a failed run as JSON `{ name, message }`. */
  error?: string;
  /**
   * The number of the job of a hand-over of background results in progress (the run `queued`
   * meanwhile): set when the results were taken, cleared once the continuation's job was added
   * or the run left `queued`.
   */
  delivering?: number;
  createdAt: number;
  updatedAt: number;
}

const TRANSITION = new CachedScript(TRANSITION_SCRIPT);
const RESUME = new CachedScript(RESUME_SCRIPT);

/** The runs of one queue in Redis: one hash per run, counters by status. @internal */
export class RunRecords {
  constructor(
    private readonly redis: Redis,
    private readonly keys: QueueKeys,
    /** How long a run's hash and events live after the run ended. */
    private readonly endedTtlSeconds: number,
  ) {}

  /** Creates a run's hash; false when the id is taken. */
  async create(runId: string, agent: string, context: string | undefined, storeRunId: string): Promise<boolean> {
    const now = String(Date.now());
    const fields = ['status', 'queued', 'storeRunId', storeRunId, 'jobs', '1', 'createdAt', now, 'updatedAt', now, ...(context !== undefined ? ['context', context] : [])];
    const created = await this.redis.hsetnx(this.keys.run(runId), 'agent', agent);
    if (created === 0) return false;
    await this.redis.hset(this.keys.run(runId), ...fields);
    return true;
  }

  async get(runId: string): Promise<RunRecord | undefined> {
    const raw = await this.redis.hgetall(this.keys.run(runId));
    if (!raw.status) return undefined;
    return {
      status: raw.status as QueuedRunStatus,
      agent: raw.agent ?? '',
      ...(raw.storeRunId ? { storeRunId: raw.storeRunId } : {}),
      ...(raw.context !== undefined ? { context: raw.context } : {}),
      jobs: Number(raw.jobs ?? 1),
      ...(raw.result !== undefined ? { result: raw.result } : {}),
      ...(raw.error !== undefined ? { error: raw.error } : {}),
      ...(raw.delivering ? { delivering: Number(raw.delivering) } : {}),
      createdAt: Number(raw.createdAt ?? 0),
      updatedAt: Number(raw.updatedAt ?? 0),
    };
  }

  /**
   * Moves a run to `status` with `fields`, unless it has ended; returns the status it had
   * (`missing` for no such run). An ended run's hash and events expire after the TTL (set in
   * the same script: one round trip, and no ended run left without its expiry).
   */
  async transition(runId: string, status: QueuedRunStatus, fields: Record<string, string> = {}): Promise<QueuedRunStatus | 'missing'> {
    const keys = [this.keys.run(runId), this.keys.counts, this.keys.events(runId)];
    const args = [status, String(Date.now()), String(this.endedTtlSeconds), ...Object.entries(fields).flat()];
    const [old] = (await TRANSITION.run(this.redis, keys, args)) as [QueuedRunStatus | 'missing'];
    return old;
  }

  /** Takes a paused run back to `queued`; returns its former status and, when it was paused, the new job's number. */
  async reopen(runId: string): Promise<{ status: QueuedRunStatus | 'missing'; job: number }> {
    const [status, job] = (await RESUME.run(this.redis, [this.keys.run(runId), this.keys.counts], [String(Date.now())])) as [QueuedRunStatus | 'missing', number];
    return { status, job: Number(job) };
  }

  /** Runs by status, counted since the queue began (paused: now). */
  async counts(): Promise<Record<'paused' | 'completed' | 'failed' | 'cancelled', number>> {
    const raw = await this.redis.hgetall(this.keys.counts);
    return { paused: Number(raw.paused ?? 0), completed: Number(raw.completed ?? 0), failed: Number(raw.failed ?? 0), cancelled: Number(raw.cancelled ?? 0) };
  }
}

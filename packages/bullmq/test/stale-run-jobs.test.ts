import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Runner } from '@toolwright/core';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue, RunWorker } from '../src';
import { backgroundBillingAgent, billingAgent, billingRunner } from './fixtures/queue-agents';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describeBackend(redisBackend, 'A stale run job (an earlier turn\'s job BullMQ hands over again after the run moved on)', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  let queueName = '';
  let queue: RunQueue;
  let bull: Queue;
  let worker: RunWorker | undefined;
  let n = 0;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
  }, 30_000);
  afterAll(async () => {
    await redis?.quit();
    await server?.stop();
  });
  beforeEach(() => {
    queueName = `stale${++n}`;
    queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: queueName, store });
    bull = new Queue(queueName, { connection: { host: '127.0.0.1', port: server.port } });
  });
  afterEach(async () => {
    await worker?.close({ graceMs: 0 });
    await queue.close();
    await bull.close();
  });

  /** Polls `check` every 20 ms until it is true or `ms` have passed; whether it became true. */
  async function until(check: () => Promise<boolean>, ms = 60_000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  /**
   * Adds again the job of the run's first turn, as a stalled job handed over late: once the
   * original has completed and been removed, so that the job added is a new one (kept when done).
   */
  async function addStaleFirstJob(runId: string, agent: string): Promise<string> {
    expect(await until(async () => (await bull.getJob(`${runId}.1`)) === undefined)).toBe(true);
    const job = await bull.add('toolwright.run', { runId, kind: 'start', agent }, { jobId: `${runId}.1`, attempts: 1 });
    return job.id!;
  }

  /** The job's end state once it has one (`unsettled` when it has none after a minute). */
  async function settled(jobId: string): Promise<string> {
    let state: string | undefined;
    await until(async () => {
      state = await (await bull.getJob(jobId))?.getState();
      return state === 'completed' || state === 'failed';
    });
    return state === 'completed' || state === 'failed' ? state : 'unsettled';
  }

  async function untilStatus(runId: string, status: string): Promise<void> {
    await until(async () => (await queue.status(runId)) === status);
    expect(await queue.status(runId)).toBe(status);
  }

  it('is skipped while the run waits for its background task (its stored turn completed); the run goes on with the task\'s result', async () => {
    const charging = gate();
    const agent = backgroundBillingAgent(redis, { afterCharge: () => charging.opened });
    worker = new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: new Runner(), agents: [agent], queueName, concurrency: 4, leaseMs: 1000 });
    const runId = await queue.enqueue('background-billing', 'Charge order B-9 in the background', { context: { key: 'stale-waiting' } });
    await untilStatus(runId, 'waiting');
    const stale = await addStaleFirstJob(runId, 'background-billing');
    expect(await settled(stale)).toBe('completed');
    expect(await queue.status(runId)).toBe('waiting');
    charging.open();
    expect(await queue.result(runId)).toMatchObject({ status: 'completed', finalOutput: 'Result: Charged order B-9.' });
    expect(await redis.get('exec:stale-waiting')).toBe('1');
  }, 120_000);

  it('is skipped while the run\'s current job runs its next turn (holding the stored run); the run completes once', async () => {
    const inTool = gate();
    const charged = gate();
    const agent = billingAgent(redis, {
      afterCharge: async () => {
        inTool.open();
        await charged.opened;
      },
    });
    worker = new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: billingRunner(), agents: [agent], queueName, concurrency: 4, leaseMs: 1000 });
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'stale-running', approval: true } });
    expect((await queue.result(runId)).status).toBe('interrupted');
    await queue.approve(runId, 'call_charge');
    await queue.resume(runId);
    // The run's second job is in the charge now.
    await inTool.opened;
    expect(await queue.status(runId)).toBe('running');
    const stale = await addStaleFirstJob(runId, 'billing');
    expect(await settled(stale)).toBe('completed');
    expect(await queue.status(runId)).toBe('running');
    charged.open();
    expect(await queue.result(runId)).toMatchObject({ status: 'completed', finalOutput: 'Done: Charged order A-17.' });
    expect(await redis.get('exec:stale-running')).toBe('1');
  }, 120_000);
});

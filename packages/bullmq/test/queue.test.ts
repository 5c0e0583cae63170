import { Redis } from 'ioredis';
import { RedisRunStore } from '@toolwright/redis';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { QueuedRunCancelledError, QueuedRunFailedError, RunQueue, RunWorker, type QueuedRunEvent } from '../src';
import { billingAgent, billingRunner } from './fixtures/queue-agents';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'RunQueue and RunWorker (in one process)', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  let queueName = '';
  let queue: RunQueue;
  const workers: RunWorker[] = [];
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
    queueName = `q${++n}`;
    queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: queueName, store });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close({ graceMs: 0 })));
    await queue.close();
  });

  function startWorker(options: { concurrency?: number; hooks?: Parameters<typeof billingAgent>[1] } = {}): RunWorker {
    const worker = new RunWorker({
      connection: { host: '127.0.0.1', port: server.port },
      store,
      runner: billingRunner(),
      agents: [billingAgent(redis, options.hooks)],
      queueName,
      concurrency: options.concurrency ?? 4,
    });
    workers.push(worker);
    return worker;
  }

  async function collect(runId: string, fromEventId?: string): Promise<QueuedRunEvent[]> {
    const events: QueuedRunEvent[] = [];
    for await (const event of queue.events(runId, fromEventId ? { fromEventId } : {})) events.push(event);
    return events;
  }

  it('runs an enqueued run on a worker: result, events in order from the start and from an event id, stats', async () => {
    startWorker();
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k1' } });
    const result = await queue.result(runId);
    expect(result).toMatchObject({ runId, status: 'completed', finalOutput: 'Done: Charged order A-17.', lastAgent: { name: 'billing' } });
    const events = (await collect(runId)).filter((e) => e.type !== 'model_delta');
    expect(events.map((e) => e.type)).toEqual(['tool_called', 'tool_output', 'message', 'run_completed']);
    const output = events[1] as Extract<QueuedRunEvent, { type: 'tool_output' }>;
    expect(output.result.text).toBe('Charged order A-17.');
    expect(output.agent.name).toBe('billing');
    const later = (await collect(runId, events[1]!.eventId)).filter((e) => e.type !== 'model_delta');
    expect(later.map((e) => e.eventId)).toEqual(events.slice(2).map((e) => e.eventId));
    expect(await redis.get('exec:k1')).toBe('1');
    expect(await queue.stats()).toMatchObject({ waiting: 0, active: 0, paused: 0, completed: 1, failed: 0 });
  });

  it("an ended run's record and events expire after endedTtlMs, set as it ends; runs go on after the server forgets its scripts", async () => {
    const worker = new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: billingRunner(), agents: [billingAgent(redis)], queueName, endedTtlMs: 60_000 });
    workers.push(worker);
    const runKey = (id: string): string => `toolwright:bullmq:{${queueName}}:run:${id}`;
    const eventsKey = (id: string): string => `toolwright:bullmq:{${queueName}}:events:${id}`;
    const first = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'ttl-1' } });
    expect((await queue.result(first)).status).toBe('completed');
    for (const key of [runKey(first), eventsKey(first)]) {
      const ttl = await redis.ttl(key);
      expect({ key, ttl: ttl > 0 && ttl <= 60 }).toEqual({ key, ttl: true });
    }
    // The scripts run by their hash; once the server dropped them, they are sent again.
    await redis.script('FLUSH');
    const second = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'ttl-2' } });
    expect(await queue.result(second)).toMatchObject({ status: 'completed', finalOutput: 'Done: Charged order A-17.' });
    expect(await redis.ttl(runKey(second))).toBeGreaterThan(0);
  });

  it('pauses for approval, resumes after store.approve by run id, and completes on a worker', async () => {
    startWorker();
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k2', approval: true } });
    const paused = await queue.result(runId);
    expect(paused.status).toBe('interrupted');
    expect(paused.interruptions).toEqual([expect.objectContaining({ toolName: 'charge_order', callId: 'call_charge', agent: 'billing' })]);
    expect(await queue.status(runId)).toBe('paused');
    expect((await queue.stats()).paused).toBe(1);
    expect(await redis.get('exec:k2')).toBeNull();
    await store.approve(runId, 'call_charge');
    await queue.resume(runId);
    const done = await queue.result(runId);
    expect(done).toMatchObject({ status: 'completed', finalOutput: 'Done: Charged order A-17.' });
    expect(await redis.get('exec:k2')).toBe('1');
    const types = (await collect(runId)).map((e) => e.type).filter((t) => t !== 'model_delta');
    expect(types).toEqual(['tool_called', 'approval_required', 'run_completed', 'tool_output', 'message', 'run_completed']);
    await expect(queue.resume(runId)).rejects.toThrow(/only a paused run/);
    expect((await queue.stats()).paused).toBe(0);
  });

  it('cancels a queued run before any worker takes it, and a paused one', async () => {
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k3' } });
    await queue.cancel(runId);
    await expect(queue.result(runId)).rejects.toBeInstanceOf(QueuedRunCancelledError);
    await expect(collect(runId)).rejects.toBeInstanceOf(QueuedRunCancelledError);
    startWorker();
    const paused = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k4', approval: true } });
    expect((await queue.result(paused)).status).toBe('interrupted');
    await queue.cancel(paused);
    await expect(queue.result(paused)).rejects.toBeInstanceOf(QueuedRunCancelledError);
    // The run started before the cancel never ran its tool; the store no longer holds it paused.
    expect(await redis.get('exec:k3')).toBeNull();
    expect((await store.inspect(paused)).status).toBe('completed');
    expect(await queue.stats()).toMatchObject({ cancelled: 2, paused: 0 });
  });

  it('cancels a running run: its tool signal aborts and the run ends cancelled', async () => {
    let aborted: unknown;
    let charged!: () => void;
    const inTool = new Promise<void>((resolve) => (charged = resolve));
    startWorker({
      hooks: {
        afterCharge: (ctx) =>
          new Promise<void>((resolve) => {
            charged();
            ctx.signal.addEventListener('abort', () => {
              aborted = ctx.signal.reason;
              resolve();
            });
          }),
      },
    });
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k5' } });
    await inTool;
    await queue.cancel(runId);
    await expect(queue.result(runId)).rejects.toBeInstanceOf(QueuedRunCancelledError);
    for (let i = 0; i < 100 && aborted === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toBeDefined();
    for (let i = 0; i < 100 && (await store.inspect(runId)).status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await store.inspect(runId)).status).toBe('completed');
  });

  it('fails a run whose tool error is fatal: events end with QueuedRunFailedError; an unknown agent fails too', async () => {
    startWorker();
    const runId = await queue.enqueue('nobody', 'Hello', { context: { key: 'k6' } });
    await expect(queue.result(runId)).rejects.toThrow(/No agent named "nobody"/);
    await expect(collect(runId)).rejects.toBeInstanceOf(QueuedRunFailedError);
    expect((await queue.stats()).failed).toBe(1);
  });

  it('close({ graceMs }) gives a run still running back to the queue; another worker completes it', async () => {
    let release!: () => void;
    let charged!: () => void;
    const inTool = new Promise<void>((resolve) => (charged = resolve));
    const first = startWorker({
      hooks: {
        afterCharge: (ctx) =>
          new Promise<void>((resolve, reject) => {
            charged();
            release = resolve;
            ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
          }),
      },
    });
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k7' } });
    await inTool;
    await first.close({ graceMs: 200 });
    expect(['queued', 'running']).toContain(await queue.status(runId));
    startWorker();
    const result = await queue.result(runId);
    expect(result.status).toBe('completed');
    // The call was in flight when the worker stopped: reported to the model, never charged twice.
    expect(result.finalOutput).toMatch(/^Done: /);
    expect(await redis.get('exec:k7')).toBe('1');
    release?.();
  });

  it('a graceful close waits for the runs in flight to finish', async () => {
    const worker = startWorker();
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'k8' } });
    for (let i = 0; i < 200 && (await queue.status(runId)) === 'queued'; i++) await new Promise((r) => setTimeout(r, 10));
    await worker.close({ graceMs: 30_000 });
    expect(await queue.status(runId)).toBe('completed');
  });

  it('refuses bad input with errors that say what to fix', async () => {
    await expect(queue.enqueue('', 'x')).rejects.toThrow(/agentName must be the name/);
    await expect(queue.enqueue('billing', 42 as unknown as string)).rejects.toThrow(/input must be text or an array/);
    await expect(queue.enqueue('billing', 'x', { context: { n: 1n } })).rejects.toThrow(/context must be JSON data/);
    await expect(queue.enqueue('billing', 'x', { runId: 'a:b' })).rejects.toThrow(/run id "a:b" is not valid/);
    await expect(queue.enqueue('billing', 'x', { priority: 0 })).rejects.toThrow(/priority must be an integer/);
    const events = queue.events('r1', { fromEventId: '__proto__' });
    await expect(events.next()).rejects.toThrow(/is not an event id/);
    expect(() => new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: billingRunner(), agents: [] })).toThrow(/agents must be a non-empty array/);
    expect(() => new RunQueue({ connection: { host: 1 } as never, store })).toThrow(/connection must be/);
  });

  it('an enqueue with a runId of the caller is idempotent', async () => {
    startWorker();
    const a = await queue.enqueue('billing', 'Charge order A-17', { runId: 'order-A-17', context: { key: 'k9' } });
    const b = await queue.enqueue('billing', 'Charge order A-17', { runId: 'order-A-17', context: { key: 'k9' } });
    expect([a, b]).toEqual(['order-A-17', 'order-A-17']);
    expect((await queue.result(a)).status).toBe('completed');
    expect(await redis.get('exec:k9')).toBe('1');
  });
});

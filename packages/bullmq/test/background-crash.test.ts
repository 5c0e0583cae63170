import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Runner, type Item, type ScriptedModel } from '@toolwright/core';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue, RunWorker, type QueuedRunEvent } from '../src';
import { ensurePackageBuilds, ROOT } from './support/package-builds';
import { backgroundBillingAgent } from './fixtures/queue-agents';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });
const WORKER = join(__dirname, 'fixtures', 'queue-worker.js');
const QUEUE = 'bgcrash';
// Short locks and leases, so that a killed worker's jobs are found stalled within about a second
// (the claims are about what the job that takes over does, not how soon it comes).
const WORKER_OPTIONS = { lockDuration: 1000, stalledInterval: 500, maxStalledCount: 5 };
const LEASE_MS = 1000;

function nextMessage(proc: ChildProcess, type: string): Promise<{ type: string; key?: string }> {
  return new Promise((resolve) => {
    const listener = (m: { type: string }) => {
      if (m.type !== type) return;
      proc.off('message', listener);
      resolve(m);
    };
    proc.on('message', listener);
  });
}

/** The promise's value, or a failure naming what did not happen within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms)));
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

describeBackend(redisBackend, 'A background task whose worker is killed mid-tool', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  let child: ChildProcess | undefined;
  let worker: RunWorker | undefined;

  beforeAll(async () => {
    // The worker processes load the compiled packages: rebuilt here only when stale.
    ensurePackageBuilds();
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
  }, 600_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await worker?.close({ graceMs: 0 });
    await redis?.quit();
    await server?.stop();
  });

  /** Starts a worker process, enqueues a background charge that hangs in its tool, and kills the worker there, the run waiting. */
  async function killMidTool(queue: RunQueue, key: string): Promise<string> {
    child = fork(WORKER, [server.url, CONTRACT_SECRET, JSON.stringify({ queueName: QUEUE, concurrency: 4, leaseMs: LEASE_MS, workerOptions: WORKER_OPTIONS })], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await nextMessage(child, 'ready');
    const charged = nextMessage(child, 'charged');
    const runId = await queue.enqueue('background-billing', 'Charge order B-9 in the background', { context: { key, crash: 'in-tool' } });
    // The charge took effect in the worker process, which now hangs in the tool: kill it there.
    await charged;
    for (let i = 0; i < 1500 && (await queue.status(runId)) !== 'waiting'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await queue.status(runId)).toBe('waiting');
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    return runId;
  }

  /** Another worker, which finds the dead worker's jobs stalled and takes them over. */
  function recoveringWorker(agent = backgroundBillingAgent(redis)): RunWorker {
    return new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: new Runner(), agents: [agent], queueName: QUEUE, concurrency: 4, leaseMs: LEASE_MS, workerOptions: WORKER_OPTIONS });
  }

  it('is not run again when its tool is idempotent: false: the job goes on elsewhere and the model hears the outcome is unknown', async () => {
    const queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: QUEUE, store });
    const runId = await killMidTool(queue, 'bg-crash');
    worker = recoveringWorker();
    const result = await queue.result(runId);
    expect(result.status).toBe('completed');
    expect(result.finalOutput).toMatch(/^Result: The background task task-[0-9a-f]{20} \(charge_later\) was interrupted: the worker running it stopped before it finished, so whether it took effect is unknown\. It was not run again because charge_later is not idempotent\.$/);
    expect(await redis.get('exec:bg-crash')).toBe('1');
    await queue.close();
  }, 120_000);

  it('that had finished and recorded its result before the kill is handed to the waiting run by the job that takes over', async () => {
    await worker?.close({ graceMs: 0 });
    const queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: QUEUE, store });
    const runId = await killMidTool(queue, 'bg-crash-2');
    // The state a kill leaves between recording the task's result and handing it to the run: the
    // task done, its result not delivered, the run waiting for it.
    const tasksKey = `toolwright:bullmq:{${QUEUE}}:tasks:${runId}`;
    const [[taskId, raw]] = Object.entries(await redis.hgetall(tasksKey)) as [[string, string]];
    await redis.hset(tasksKey, taskId, JSON.stringify({ ...(JSON.parse(raw) as object), status: 'done', output: 'Charged order B-9 (recorded before the kill).', isError: false }));
    worker = recoveringWorker();
    for (let i = 0; i < 1500 && (await queue.status(runId)) === 'waiting'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await queue.status(runId)).not.toBe('waiting');
    const result = await queue.result(runId);
    expect(result).toMatchObject({ status: 'completed', finalOutput: 'Result: Charged order B-9 (recorded before the kill).' });
    expect(await redis.get('exec:bg-crash-2')).toBe('1');
    await queue.close();
  }, 120_000);

  /** Whether an item is the message that hands background results to the model. */
  function isDelivery(item: Item): boolean {
    return item.type === 'message' && item.role === 'user' && typeof item.content === 'string' && item.content.startsWith('[background task');
  }

  // The worker process kills itself at the step named (see the fixture's DELIVER_CRASH_AT), in the
  // hand-over made by the task's job as it finishes, or by the run's job as it ends its turn (the
  // fixture orders the two so; under load the other job may still be the one handing over).
  const steps = [
    ['taken', 'the results taken, the continuation not yet saved'],
    ['saved', 'the continuation saved, not yet recorded on the run'],
    ['recorded', 'the continuation recorded, its job not yet added'],
    ['added', 'the job added, the hand-over not yet marked complete'],
  ];
  it.each(steps.flatMap(([step, what]) => (['task', 'run'] as const).map((via) => [step!, what!, via])))(
    'killed while handing the result to the run (%s: %s; by the %s job) delivers it exactly once, and the run completes',
    async (step, _what, via) => {
      await worker?.close({ graceMs: 0 });
      worker = undefined;
      const queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: QUEUE, store });
      const runId = `hand-over-${step}-${via}`;
      child = fork(WORKER, [server.url, CONTRACT_SECRET, JSON.stringify({ queueName: QUEUE, concurrency: 4, leaseMs: LEASE_MS, workerOptions: WORKER_OPTIONS })], {
        cwd: ROOT,
        env: { ...process.env, DELIVER_CRASH_AT: step, DELIVER_CRASH_VIA: via, DELIVER_CRASH_RUN: runId },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
      await nextMessage(child, 'ready');
      await queue.enqueue('background-billing', 'Charge order B-9 in the background', { runId, context: { key: runId } });
      // The charge runs, the run ends its turn, the result is handed over: the worker dies in it,
      // holding the job that was handing it over.
      expect(await exited).toBe('SIGKILL');
      const runKey = `toolwright:bullmq:{${QUEUE}}:run:${runId}`;
      expect(await queue.status(runId)).toBe('queued');
      expect(await redis.hget(runKey, 'delivering')).not.toBeNull();
      const agent = backgroundBillingAgent(redis);
      worker = recoveringWorker(agent);
      // A hand-over left half done would leave the run queued with nothing to resume it: bounded
      // wait (the run takes seconds), so that such a failure says so.
      const result = await within(queue.result(runId), 60_000, `run ${runId} to complete`);
      expect(result).toMatchObject({ status: 'completed', finalOutput: 'Result: Charged order B-9.' });
      expect(await redis.get(`exec:${runId}`)).toBe('1');
      // The result was handed over once: one continuation (the run's second job), whose model
      // turn sees one delivery message. (A continuation job BullMQ finds stalled under heavy load
      // may be resumed twice from the store; that is the job's, not the hand-over's.)
      const requests = (agent.model as ScriptedModel).requests;
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.map((r) => r.input.filter(isDelivery).length).every((n) => n === 1)).toBe(true);
      expect(await redis.hget(runKey, 'jobs')).toBe('2');
      const events: QueuedRunEvent[] = [];
      for await (const event of queue.events(runId)) events.push(event);
      expect(events.filter((e) => e.type === 'run_completed').length).toBeGreaterThanOrEqual(2);
      expect(await redis.hget(runKey, 'delivering')).toBeNull();
      await queue.close();
    },
    120_000,
  );
});

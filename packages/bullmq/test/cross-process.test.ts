import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue } from '../src';
import { ensurePackageBuilds, ROOT } from './support/package-builds';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });
const WORKER = join(__dirname, 'fixtures', 'queue-worker.js');
const CONSUMER = join(__dirname, 'fixtures', 'events-consumer.js');

interface Message {
  type: string;
  pid?: number;
  key?: string;
  problems?: string[];
  count?: number;
}

/** A child process and the messages it sent. */
class Child {
  readonly messages: Message[] = [];
  private readonly waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: Message) => {
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (!w.match(m)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
  }
  next(match: (m: Message) => boolean): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

describeBackend(redisBackend, 'RunQueue with RunWorkers in separate processes', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  const children: Child[] = [];

  beforeAll(async () => {
    // The worker processes load the compiled packages: rebuilt here only when stale.
    ensurePackageBuilds();
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
  }, 600_000);
  afterAll(async () => {
    for (const child of children) child.proc.kill('SIGKILL');
    await redis?.quit();
    await server?.stop();
  });

  async function startWorker(queueName: string, options: object): Promise<Child> {
    const child = new Child(fork(WORKER, [server.url, CONTRACT_SECRET, JSON.stringify({ queueName, ...options })], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    children.push(child);
    await child.next((m) => m.type === 'ready');
    return child;
  }

  function queueOn(name: string): RunQueue {
    return new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name, store });
  }

  it('4 worker processes run 2,000 runs: each completes once, each charge runs once, events arrive in order in another process', async () => {
    const queue = queueOn('many');
    const workers = await Promise.all(Array.from({ length: 4 }, () => startWorker('many', { concurrency: 16 })));
    const consumer = new Child(fork(CONSUMER, [server.url, CONTRACT_SECRET, 'many'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    children.push(consumer);
    await consumer.next((m) => m.type === 'ready');
    const runIds: string[] = [];
    for (let i = 0; i < 2000; i += 100) {
      runIds.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => queue.enqueue('billing', `Charge order ${i + j}`, { context: { key: `many-${i + j}` } })))));
    }
    // The consumer follows 200 of the runs while they run.
    const sample = runIds.filter((_, i) => i % 10 === 0);
    consumer.proc.send({ runIds: sample });
    const results = await Promise.all(runIds.map((id) => queue.result(id)));
    expect(results.filter((r) => r.status === 'completed' && r.finalOutput === 'Done: Charged order A-17.')).toHaveLength(2000);
    const counts = await redis.mget(runIds.map((_, i) => `exec:many-${i}`));
    expect(counts.filter((c) => c === '1')).toHaveLength(2000);
    const checked = await consumer.next((m) => m.type === 'checked');
    expect(checked).toMatchObject({ count: 200, problems: [] });
    // A run's outcome is recorded just before its job is marked done: the last jobs finish soon after.
    let stats = await queue.stats();
    for (let i = 0; i < 300 && stats.active > 0; i++) stats = (await new Promise((r) => setTimeout(r, 100)), await queue.stats());
    expect(stats).toMatchObject({ waiting: 0, active: 0, completed: 2000, failed: 0, paused: 0 });
    // Every worker took part.
    expect(new Set(workers.map((w) => w.proc.pid)).size).toBe(4);
    for (const w of workers) w.proc.disconnect();
    consumer.proc.disconnect();
    await queue.close();
  }, 600_000);

  it('a worker killed with SIGKILL mid-run, 20 rounds: the run completes on another worker and each charge ran exactly once', async () => {
    const queueName = 'crash';
    // Short locks and leases, so that each round's killed worker is found stalled within about a
    // second (the claim is about what happens once it is, not how soon).
    const options = { concurrency: 4, leaseMs: 1000, workerOptions: { lockDuration: 1000, stalledInterval: 500, maxStalledCount: 5 } };
    const queue = queueOn(queueName);
    let workers = await Promise.all(Array.from({ length: 3 }, () => startWorker(queueName, options)));
    const finals: string[] = [];
    for (let round = 0; round < 20; round++) {
      const crash = round % 2 === 0 ? 'in-tool' : 'after-tool';
      const key = `crash-${round}`;
      const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key, crash } });
      const charged = await Promise.race(workers.map((w) => w.next((m) => m.type === 'charged' && m.key === key)));
      if (crash === 'after-tool') {
        while ((await store.calls(runId)).every((c) => c.status !== 'finished')) await new Promise((r) => setTimeout(r, 10));
      }
      const victim = workers.find((w) => w.proc.pid === charged.pid)!;
      victim.proc.kill('SIGKILL');
      // The replacement starts while the other two find the job stalled and take it over (any of
      // the three may finish the run); each round starts with three workers again.
      const replacement = startWorker(queueName, options);
      const result = await queue.result(runId);
      expect({ round, status: result.status }).toEqual({ round, status: 'completed' });
      finals.push(String(result.finalOutput));
      expect({ round, executions: await redis.get(`exec:${key}`) }).toEqual({ round, executions: '1' });
      workers = [...workers.filter((w) => w !== victim), await replacement];
    }
    // In the tool: the outcome is unknown, and the model is told so (the `report` policy); after
    // the tool: the recorded output is replayed.
    finals.forEach((text, round) => {
      if (round % 2 === 1) expect(text).toBe('Done: Charged order A-17.');
      else expect(text).toMatch(/^Done: .*charge_order/);
    });
    for (const w of workers) w.proc.disconnect();
    await queue.close();
  }, 600_000);

  it('pauses on one worker, is approved from a third process, and resumes on any worker', async () => {
    const queue = queueOn('approve');
    const workers = await Promise.all(Array.from({ length: 2 }, () => startWorker('approve', { concurrency: 2 })));
    const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'approve-1', approval: true } });
    expect((await queue.result(runId)).status).toBe('interrupted');
    // The third process: approves by run id and resumes through its own queue.
    const script = `
      const { RedisRunStore } = require('@toolwright/redis');
      const { RunQueue } = require('@toolwright/bullmq');
      const store = new RedisRunStore({ url: process.argv[1], secret: process.argv[2] });
      const queue = new RunQueue({ connection: { host: '127.0.0.1', port: Number(new URL(process.argv[1]).port) }, name: 'approve', store });
      (async () => { await store.approve(process.argv[3], 'call_charge'); await queue.resume(process.argv[3]); await queue.close(); await store.close(); })()
        .catch((e) => { console.error(e); process.exit(1); });`;
    execFileSync(process.execPath, ['-e', script, server.url, CONTRACT_SECRET, runId], { cwd: ROOT, stdio: 'inherit' });
    expect(await queue.result(runId)).toMatchObject({ status: 'completed', finalOutput: 'Done: Charged order A-17.' });
    expect(await redis.get('exec:approve-1')).toBe('1');
    for (const w of workers) w.proc.disconnect();
    await queue.close();
  }, 60_000);
});

// Queue throughput benchmark (not a test). Run with `npm run bench -w @toolwright/bullmq` after
// `npm run build` (the root `npm run bench` does both); needs `redis-server` on PATH. Plain
// JavaScript on the built packages. It measures, with the scripted billing run of the tests (one
// `idempotent: false` tool call through the call ledger, then an answer; no network):
//   - runs/s in process: `runner.run` alone, and `runner.run` + `runner.resume` on a RedisRunStore;
//   - runs/s through the queue with 1, 2 and 4 worker processes (concurrency 16 each), from the
//     first enqueue to the last result, the producer in this process;
//   - the overhead per run of the queue against the in-process run (ms of wall time per run, at
//     one worker, minus the in-process time).
//   node bench/queue.bench.js [--runs N]
'use strict';
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { Redis } = require('ioredis');
const { RedisRunStore } = require('@toolwright/redis');
const { startRedisServer } = require('@toolwright/redis/testing');
const { RunQueue } = require('@toolwright/bullmq');
const { billingAgent, billingRunner } = require('../test/fixtures/queue-agents');

const SECRET = 'bench-secret-bench-secret-bench-secret';
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function inProcess(redis) {
  const agent = billingAgent(redis);
  const runner = billingRunner();
  const start = now();
  for (let i = 0; i < RUNS; i += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, j) => runner.run(agent, 'Charge order A-17', { context: { key: `inproc-${i + j}` } })));
  }
  return now() - start;
}

function startWorker(url, queueName) {
  const child = fork(join(__dirname, '..', 'test', 'fixtures', 'queue-worker.js'), [url, SECRET, JSON.stringify({ queueName, concurrency: 16 })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.on('message', (m) => m.type === 'ready' && resolve(child)));
}

async function throughQueue(server, store, workerCount) {
  const queueName = `bench-${workerCount}`;
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(server.url, queueName)));
  const queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: queueName, store });
  const start = now();
  const ids = [];
  for (let i = 0; i < RUNS; i += 100) {
    ids.push(...(await Promise.all(Array.from({ length: Math.min(100, RUNS - i) }, (_, j) => queue.enqueue('billing', 'Charge order A-17', { context: { key: `${queueName}-${i + j}` } })))));
  }
  const results = await Promise.all(ids.map((id) => queue.result(id)));
  const elapsed = now() - start;
  const failed = results.filter((r) => r.status !== 'completed').length;
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.once('exit', resolve), w.disconnect()))));
  await queue.close();
  if (failed > 0) throw new Error(`${failed} runs did not complete`);
  return elapsed;
}

async function main() {
  const server = await startRedisServer();
  const redis = new Redis(server.url);
  const store = new RedisRunStore({ client: redis, secret: SECRET });
  try {
    await inProcess(redis); // warm-up
    const local = await inProcess(redis);
    const rows = [['in process (runner.run)', local]];
    for (const n of [1, 2, 4]) rows.push([`queue, ${n} worker${n > 1 ? 's' : ''}`, await throughQueue(server, store, n)]);
    console.log(`\n@toolwright/bullmq — ${RUNS} scripted runs (1 ledgered tool call + answer each), 2-core shared machine\n`);
    console.log('| how | runs/s | ms per run (wall) |');
    console.log('|---|---|---|');
    for (const [name, ms] of rows) console.log(`| ${name} | ${((RUNS / ms) * 1000).toFixed(0)} | ${(ms / RUNS).toFixed(3)} |`);
    const overhead = rows[1][1] / RUNS - local / RUNS;
    console.log(`\nQueue overhead per run at 1 worker: ${overhead.toFixed(3)} ms of wall time over the in-process run (store save, claim, ledger, events in a Redis stream, job bookkeeping).`);
  } finally {
    await store.close().catch(() => undefined);
    await redis.quit();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

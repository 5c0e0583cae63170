/**
 * `npm run bench` (after the framework scenarios): the run store scenario. Per paused run, one
 * operation is save + claim + load + complete — what a pause and its resume cost in the store,
 * the run itself left out — on MemoryRunStore, PostgresRunStore and RedisRunStore against real
 * servers on loopback. Reports ops/s and the p50/p99 latency of one operation, sequentially (one
 * client) and with 8 operations in flight, and writes them into bench/RESULTS.md between markers.
 *
 * Options: --quick (fewer operations).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, MemoryRunStore, Runner, ScriptedModel, defineTool, type RunState, type RunStore } from '@toolwright/core';
import { PostgresRunStore } from '@toolwright/postgres';
import { startEmbeddedPostgres } from '@toolwright/postgres/testing';
import { RedisRunStore } from '@toolwright/redis';
import { startRedisServer } from '@toolwright/redis/testing';
import { percentile, storeSection, type StoreFigures } from './store-report';

const SECRET = 'bench-secret-0123456789abcdef';
const RESULTS = path.join(__dirname, '..', '..', 'RESULTS.md');

/** A paused run like the ones stores hold: one refund waiting for approval. */
async function pausedState(): Promise<{ agent: Agent; state: RunState }> {
  const refund = defineTool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId', 'amount'] },
    needsApproval: true,
    idempotent: false,
    invoke: (_ctx, { orderId }: { orderId: string }) => `refunded ${orderId}`,
  });
  const agent = new Agent({ name: 'support', instructions: 'Refund what the customer asks for.', tools: [refund] });
  const model = new ScriptedModel([{ toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A-17', amount: 300 }, callId: 'call_refund' }] }]);
  const result = await new Runner({ model }).run(agent, 'Please refund order A-17, it arrived broken.');
  return { agent, state: result.state };
}

/** One operation: the life of a paused run in the store. */
async function operation(store: RunStore, agent: Agent, state: RunState): Promise<void> {
  const id = await store.save(state);
  const claim = await store.claim(id);
  await store.load(agent, id);
  await store.complete(id, claim);
}

/** Runs `count` operations with `inFlight` at a time; returns each one's latency in ms and the wall time. */
async function measure(store: RunStore, agent: Agent, state: RunState, count: number, inFlight: number): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await operation(store, agent, state);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

async function bench(name: string, store: RunStore, count: number): Promise<StoreFigures> {
  const { agent, state } = await pausedState();
  await measure(store, agent, state, Math.ceil(count / 5), 1);
  const sequential = await measure(store, agent, state, count, 1);
  const concurrent = await measure(store, agent, state, count, 8);
  const figures = (m: { latencies: number[]; wallMs: number }) => ({
    opsPerSecond: (m.latencies.length / m.wallMs) * 1000,
    p50: percentile(m.latencies, 50),
    p99: percentile(m.latencies, 99),
  });
  return { name, count, sequential: figures(sequential), concurrent: figures(concurrent) };
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const count = quick ? 500 : 2_000;
  const rows: StoreFigures[] = [];
  const notes: string[] = [];
  rows.push(await bench('MemoryRunStore', new MemoryRunStore({ secret: SECRET }), count * 5));

  const pg = await startEmbeddedPostgres();
  try {
    const store = new PostgresRunStore({ connectionString: pg.connectionString, secret: SECRET, createTables: true, poolConfig: { max: 8 } });
    // Idle connections are closed by the server when it stops; that is not a failure of the bench.
    store.pool.on('error', () => undefined);
    rows.push(await bench('PostgresRunStore', store, count));
    await store.close();
  } finally {
    await pg.stop();
  }

  try {
    const redis = await startRedisServer();
    try {
      const store = new RedisRunStore({ url: redis.url, secret: SECRET });
      rows.push(await bench('RedisRunStore', store, count));
      await store.close();
    } finally {
      await redis.stop();
    }
  } catch (error) {
    notes.push(`RedisRunStore not measured: ${(error as Error).message.split('\n')[0]}`);
  }

  const section = storeSection(rows, notes, { load: os.loadavg(), cpus: os.cpus().length, date: new Date().toISOString() });
  const current = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '# Toolwright benchmark results\n';
  fs.writeFileSync(RESULTS, replaceSection(current, section));
  process.stdout.write(`${section}\nwrote the run store section of bench/RESULTS.md\n`);
}

const START = '<!-- run-store bench: start -->';
const END = '<!-- run-store bench: end -->';

function replaceSection(text: string, section: string): string {
  const block = `${START}\n${section}${END}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from >= 0 && to > from) return text.slice(0, from) + block + text.slice(to + END.length + 1);
  return `${text.trimEnd()}\n\n${block}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

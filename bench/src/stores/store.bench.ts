/**
 * `npm run bench` (after the framework scenarios): the run store scenario. Per paused run, one
 * operation is save + claim + load + calls + complete — what a pause and its resume through
 * `runner.resume` cost in the store, the run itself left out — on MemoryRunStore,
 * PostgresRunStore and RedisRunStore against real servers on loopback, and LangGraph's checkpoint
 * savers writing and reading a checkpoint that holds the same stored run on the same servers. Reports ops/s and the p50/p99 latency of one operation, sequentially (one
 * client) and with 8 operations in flight, and writes them into bench/RESULTS.md between markers.
 *
 * Options: --quick (fewer operations). `TOOLWRIGHT_BENCH_PG_BASELINE=<path of another build's
 * dist/index.js of @toolwright/postgres>` adds that build's store as a row, measured on the same
 * server in the same run (a before/after pair on a shared machine).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, MemoryRunStore, Runner, ScriptedModel, defineTool, type RunState, type RunStore } from '@toolwright/core';
import { PostgresRunStore } from '@toolwright/postgres';
import { startEmbeddedPostgres } from '@toolwright/postgres/testing';
import { RedisRunStore } from '@toolwright/redis';
import { startRedisServer } from '@toolwright/redis/testing';
import { checkpointOperation, type CheckpointSaverLike } from './langgraph-savers';
import { percentile, storeSection, type StoreFigures } from './store-report';
import { parentPid, processTreeCpuMs } from './server-cpu';

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

/** One operation: the life of a paused run in the store, as `runner.resume` drives it (claim, load, ledger, complete). */
async function operation(store: RunStore, agent: Agent, state: RunState): Promise<void> {
  const id = await store.save(state);
  const claim = await store.claim(id);
  await store.load(agent, id);
  await store.calls(id);
  await store.complete(id, claim);
}

/**
 * Runs `count` operations with `inFlight` at a time; returns each one's latency in ms, the wall
 * time, and the CPU time of this process and (given its pid) of the server over the run.
 */
async function measure(op: () => Promise<void>, count: number, inFlight: number, serverPid?: number): Promise<{ latencies: number[]; wallMs: number; clientCpuMs: number; serverCpuMs?: number }> {
  const latencies: number[] = [];
  let next = 0;
  const server0 = serverPid === undefined ? undefined : processTreeCpuMs(serverPid);
  const client0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await op();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const client = process.cpuUsage(client0);
  const server1 = serverPid === undefined ? undefined : processTreeCpuMs(serverPid);
  return { latencies, wallMs, clientCpuMs: (client.user + client.system) / 1000, ...(server0 !== undefined && server1 !== undefined ? { serverCpuMs: server1 - server0 } : {}) };
}

async function bench(name: string, store: RunStore, count: number, serverPid?: number): Promise<StoreFigures> {
  const { agent, state } = await pausedState();
  return benchOperation(name, () => operation(store, agent, state), count, serverPid);
}

async function benchOperation(name: string, op: () => Promise<void>, count: number, serverPid?: number): Promise<StoreFigures> {
  await measure(op, Math.ceil(count / 5), 1);
  const sequential = await measure(op, count, 1, serverPid);
  const concurrent = await measure(op, count, 8, serverPid);
  const figures = (m: Awaited<ReturnType<typeof measure>>) => ({
    opsPerSecond: (m.latencies.length / m.wallMs) * 1000,
    p50: percentile(m.latencies, 50),
    p99: percentile(m.latencies, 99),
    clientCpuMs: m.clientCpuMs / m.latencies.length,
    ...(m.serverCpuMs !== undefined ? { serverCpuMs: m.serverCpuMs / m.latencies.length } : {}),
  });
  return { name, count, sequential: figures(sequential), concurrent: figures(concurrent) };
}

/** The PostgreSQL server's main process (the parent of a backend), for its CPU time; undefined where `/proc` is missing. */
async function postgresServerPid(store: PostgresRunStore): Promise<number | undefined> {
  const { rows } = await store.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return parentPid(rows[0]!.pid);
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
    await store.migrate();
    notes.push(await postgresSettings(store));
    const pgPid = await postgresServerPid(store);
    const baseline = process.env.TOOLWRIGHT_BENCH_PG_BASELINE;
    const before = baseline
      ? (new (require(path.resolve(baseline)) as { PostgresRunStore: typeof PostgresRunStore }).PostgresRunStore({ connectionString: pg.connectionString, secret: SECRET, poolConfig: { max: 8 } }))
      : undefined;
    before?.pool.on('error', () => undefined);
    // Alternated, so that neither store has the quieter moments of the machine.
    for (let round = 0; round < (before ? 2 : 1); round++) {
      if (before) rows.push(await bench('PostgresRunStore, before (baseline build)', before, count / 2, pgPid));
      rows.push(await bench('PostgresRunStore', store, before ? count / 2 : count, pgPid));
    }
    await before?.close();
    await store.close();
    const saver = await postgresSaver(pg.connectionString);
    if (typeof saver === 'string') notes.push(saver);
    else {
      const payload = await storedRunText();
      rows.push(await benchOperation('LangGraph PostgresSaver (put + getTuple + putWrites + put)', () => checkpointOperation(saver.saver, payload), count, pgPid));
      await saver.end();
    }
  } finally {
    await pg.stop();
  }

  try {
    const redis = await startRedisServer();
    try {
      const store = new RedisRunStore({ url: redis.url, secret: SECRET });
      notes.push(await redisSettings(store));
      const redisPid = Number(/process_id:(\d+)/.exec(await store.client.info('server'))?.[1]) || undefined;
      rows.push(await bench('RedisRunStore', store, count, redisPid));
      await store.close();
      const saver = await redisSaver(redis.url);
      if (typeof saver === 'string') notes.push(saver);
      else {
        const payload = await storedRunText();
        rows.push(await benchOperation('LangGraph RedisSaver (put + getTuple + putWrites + put)', () => checkpointOperation(saver.saver, payload), count, redisPid));
        await saver.end();
      }
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

/** The stored text of the bench's paused run (what a RunStore writes), for a checkpoint of the same size. */
async function storedRunText(): Promise<string> {
  const { state } = await pausedState();
  return JSON.stringify(state);
}

/**
 * The durability settings of the bench's PostgreSQL server, read from it. The test helper starts it
 * without durability (a throwaway server); the stores never change these settings, and every
 * Postgres row of the table (LangGraph's saver too) runs on this server.
 */
async function postgresSettings(store: PostgresRunStore): Promise<string> {
  const names = ['server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'wal_level', 'shared_buffers'];
  const { rows } = await store.pool.query<{ name: string; setting: string }>('SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name', [names]);
  return `PostgreSQL server settings (the test helper's throwaway server; the stores do not change them): ${rows.map((r) => `${r.name}=${r.setting}`).join(', ')}.`;
}

/** The persistence settings of the bench's redis-server, read from it (see {@link postgresSettings}). */
async function redisSettings(store: RedisRunStore): Promise<string> {
  const version = /redis_version:(\S+)/.exec(await store.client.info('server'))?.[1] ?? 'unknown';
  const settings: string[] = [`version=${version}`];
  for (const name of ['appendonly', 'appendfsync', 'save']) {
    const [, value] = (await store.client.config('GET', name)) as [string, string];
    settings.push(`${name}=${JSON.stringify(value)}`);
  }
  return `redis-server settings (the test helper's throwaway server): ${settings.join(', ')}.`;
}

/** LangGraph's PostgresSaver on the server, its tables set up; or why it cannot be measured. */
async function postgresSaver(connectionString: string): Promise<{ saver: CheckpointSaverLike; end(): Promise<void> } | string> {
  try {
    const { PostgresSaver } = require('@langchain/langgraph-checkpoint-postgres') as typeof import('@langchain/langgraph-checkpoint-postgres');
    const { Pool } = require('pg') as typeof import('pg');
    const pool = new Pool({ connectionString, max: 8 });
    pool.on('error', () => undefined);
    const saver = new PostgresSaver(pool);
    await saver.setup();
    return { saver: saver as unknown as CheckpointSaverLike, end: () => pool.end() };
  } catch (error) {
    return `LangGraph PostgresSaver not measured: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** LangGraph's RedisSaver on the server; or why it cannot be measured (it needs the RedisJSON and RediSearch modules). */
async function redisSaver(url: string): Promise<{ saver: CheckpointSaverLike; end(): Promise<void> } | string> {
  let end: () => Promise<void> = async () => undefined;
  try {
    const { RedisSaver } = require('@langchain/langgraph-checkpoint-redis') as typeof import('@langchain/langgraph-checkpoint-redis');
    const saver = await RedisSaver.fromUrl(url);
    end = async () => {
      await saver.end();
    };
    const probe = await storedRunText();
    await checkpointOperation(saver as unknown as CheckpointSaverLike, probe);
    return { saver: saver as unknown as CheckpointSaverLike, end };
  } catch (error) {
    await end().catch(() => undefined);
    return `LangGraph RedisSaver not measured against Debian's redis-server: ${(error as Error).message.split('\n')[0]} (the saver needs Redis with the RedisJSON and RediSearch modules, which Debian does not package)`;
  }
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

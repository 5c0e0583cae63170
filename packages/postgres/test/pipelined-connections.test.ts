import { Pool } from 'pg';
import { UserError } from '@toolwright/core';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';
import { PostgresRunStore } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { pausedRefund, refundAgent, sleep } from '../../../test-support/run-stores/fixtures';

describe('PostgresRunStore with its statements pipelined over connections of its own', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;
  const stores: PostgresRunStore[] = [];
  /** A store closed after the suite (its pipelined connections are its own). */
  const track = (store: PostgresRunStore): PostgresRunStore => {
    stores.push(store);
    return store;
  };

  /** Resolves once a backend matching `where` (a pg_stat_activity condition) waits for a lock. */
  async function lockWaitOf(where: string, values: unknown[]): Promise<void> {
    for (let i = 0; ; i++) {
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${where} AND wait_event_type = 'Lock'`, values);
      if (rows[0].n > 0) return;
      if (i > 2_000) throw new Error('the claim never waited for the lock');
      await sleep(5);
    }
  }

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 10 });
    pool.on('error', () => undefined);
    await new PostgresRunStore({ pool, secret: CONTRACT_SECRET }).migrate();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await pool?.end();
    await server?.stop();
  });

  /** The server connections of this database named `name` (the store's `application_name`). */
  async function connections(name: string): Promise<number[]> {
    const { rows } = await pool.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [name]);
    return rows.map((r) => r.pid as number);
  }

  /** A store on its own pool (`connectionString`), its connections named `name`. */
  function ownStore(name: string, extra: { idleTimeoutMillis?: number; pipeline?: boolean | { connections?: number } } = {}): PostgresRunStore {
    const { pipeline, ...poolConfig } = extra;
    return track(new PostgresRunStore({ connectionString: server.connectionString, secret: CONTRACT_SECRET, poolConfig: { application_name: name, ...poolConfig }, ...(pipeline !== undefined ? { pipeline } : {}) }));
  }

  /** One paused run's life in the store: save, claim, load, ledger, complete. */
  async function life(store: PostgresRunStore, state: Awaited<ReturnType<typeof pausedRefund>>['state'], agent: ReturnType<typeof refundAgent>): Promise<string> {
    const id = await store.save(state);
    const claim = await store.claim(id);
    const loaded = await store.load(agent, id);
    expect(loaded.interruptions).toHaveLength(1);
    expect(await store.calls(id)).toEqual([]);
    await store.complete(id, claim);
    return id;
  }

  runStoreContract(() => ({ make: (options = {}) => track(new PostgresRunStore({ ...options, pool, pipeline: true, secret: options.secret ?? CONTRACT_SECRET })) }), { shared: true });

  it('sends the statements of concurrent operations over one busy connection instead of the pool', async () => {
    const store = ownStore('tw-pipelined');
    const agent = refundAgent({ refunds: [] });
    const state = (await pausedRefund(agent, 'PL-1', 10)).state;
    const ids = await Promise.all(Array.from({ length: 8 }, () => life(store, state, agent)));
    expect(new Set(ids).size).toBe(8);
    // The store's pool opened nothing; its own connections are at most the two it may open.
    expect(store.pool.totalCount).toBe(0);
    const open = await connections('tw-pipelined');
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.length).toBeLessThanOrEqual(2);
  });

  it('sends every statement through the pool with pipeline: false', async () => {
    const store = ownStore('tw-unpipelined', { pipeline: false });
    const agent = refundAgent({ refunds: [] });
    const state = (await pausedRefund(agent, 'PL-2', 10)).state;
    await Promise.all(Array.from({ length: 4 }, () => life(store, state, agent)));
    expect(store.pool.totalCount).toBeGreaterThan(0);
  });

  it('passes over a connection stalled on a lock: a claim waiting for a locked run holds up no other run', async () => {
    const store = ownStore('tw-stall');
    const agent = refundAgent({ refunds: [] });
    const state = (await pausedRefund(agent, 'PL-3', 10)).state;
    const locked = await store.save(state);
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM toolwright_runs WHERE id = $1 FOR UPDATE', [locked]);
      const claiming = store.claim(locked);
      await lockWaitOf(`application_name = 'tw-stall'`, []);
      // Behind the stalled connection, this would wait for the lock: it must finish while the lock is held.
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        life(store, state, agent).then(() => 'finished'),
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('held up behind the locked claim'), 20_000))),
      ]);
      clearTimeout(timer);
      expect(outcome).toBe('finished');
      await holder.query('COMMIT');
      await store.complete(locked, await claiming);
    } finally {
      holder.release();
    }
  });

  it('replaces a connection the server ends: the statement it carried fails, the next one works', async () => {
    const store = ownStore('tw-broken');
    const agent = refundAgent({ refunds: [] });
    const state = (await pausedRefund(agent, 'PL-4', 10)).state;
    const locked = await store.save(state);
    const [before] = await connections('tw-broken');
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM toolwright_runs WHERE id = $1 FOR UPDATE', [locked]);
      // A claim in flight on the connection (waiting for the lock) when the server ends it.
      const claiming = store.claim(locked);
      await lockWaitOf('pid = $1', [before]);
      await pool.query('SELECT pg_terminate_backend($1)', [before]);
      await expect(claiming).rejects.toThrow();
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    await life(store, state, agent);
    const claim = await store.claim(locked);
    await store.complete(locked, claim);
    const after = await connections('tw-broken');
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(before);
  });

  it('closes an idle connection after the pool\'s idleTimeoutMillis, and its connections on close()', async () => {
    const agent = refundAgent({ refunds: [] });
    const state = (await pausedRefund(agent, 'PL-5', 10)).state;
    const idle = ownStore('tw-idle', { idleTimeoutMillis: 100 });
    await life(idle, state, agent);
    expect(await connections('tw-idle')).toHaveLength(1);
    for (let i = 0; (await connections('tw-idle')).length > 0; i++) {
      if (i > 400) throw new Error('the idle connection was never closed');
      await sleep(25);
    }
    await life(idle, state, agent);
    const closing = ownStore('tw-close');
    await life(closing, state, agent);
    expect(await connections('tw-close')).toHaveLength(1);
    await closing.close();
    for (let i = 0; (await connections('tw-close')).length > 0; i++) {
      if (i > 400) throw new Error('close() left a connection open');
      await sleep(25);
    }
    await expect(closing.save(state)).rejects.toThrow('closed');
  });

  it('refuses a number of connections that is not a whole number of at least 1', () => {
    expect(() => new PostgresRunStore({ pool, secret: CONTRACT_SECRET, pipeline: { connections: 0 } })).toThrow(UserError);
    expect(() => new PostgresRunStore({ pool, secret: CONTRACT_SECRET, pipeline: { connections: 1.5 } })).toThrow(UserError);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { RunAlreadyClaimedError, RunStateError, Runner, UserError } from '@toolwright/core';
import { PostgresRunStore, runStoreMigration, runTimelineMigration, runTimelineTables } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { runStoreSql } from '../src/run-store-sql';
import { runStoreTables } from '../src/run-store-schema';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';
import { pausedRefund, refundAgent, refundModel, sleep } from '../../../test-support/run-stores/fixtures';

describe('PostgresRunStore on a real PostgreSQL server', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 20 });
    // An idle connection the server closes (when it stops) is reported here instead of crashing the suite.
    pool.on('error', () => undefined);
    await new PostgresRunStore({ pool, secret: CONTRACT_SECRET }).migrate();
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  runStoreContract(() => ({ make: (options = {}) => new PostgresRunStore({ ...options, pool, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: true });

  describe('its tables', () => {
    it('ships the migration for the default table name in migrations/', () => {
      expect(readFileSync(join(__dirname, '..', 'migrations', '001_toolwright_run_store.sql'), 'utf8')).toBe(runStoreMigration());
      expect(readFileSync(join(__dirname, '..', 'migrations', '002_toolwright_run_timeline.sql'), 'utf8')).toBe(runTimelineMigration());
    });

    it('creates the tables itself on first use when allowed, once, even with replicas starting together', async () => {
      const stores = Array.from({ length: 4 }, () => new PostgresRunStore({ pool, secret: CONTRACT_SECRET, table: 'replica_runs', createTables: true }));
      const agent = refundAgent({ refunds: [] });
      const state = (await pausedRefund(agent)).state;
      const ids = await Promise.all(stores.map((s) => s.save(state)));
      expect(new Set(ids).size).toBe(4);
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM replica_runs`);
      expect(rows[0].n).toBe(4);
    });

    it('works in another schema, and does not create tables unless allowed', async () => {
      await pool.query('CREATE SCHEMA IF NOT EXISTS app');
      const agent = refundAgent({ refunds: [] });
      const state = (await pausedRefund(agent)).state;
      await expect(new PostgresRunStore({ pool, secret: CONTRACT_SECRET, table: 'app.runs' }).save(state)).rejects.toThrow(/does not exist/);
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET, table: 'app.runs', createTables: true });
      const id = await store.save(state);
      expect((await store.inspect(id)).status).toBe('paused');
    });

    it('refuses a table name that could inject SQL, and a store without a connection', () => {
      expect(() => new PostgresRunStore({ pool, secret: CONTRACT_SECRET, table: 'runs; DROP TABLE x' })).toThrow(UserError);
      expect(() => new PostgresRunStore({ pool, secret: CONTRACT_SECRET, table: 'Runs' })).toThrow(UserError);
      expect(() => new PostgresRunStore({ secret: CONTRACT_SECRET })).toThrow('connection string');
      expect(() => new PostgresRunStore({ pool, secret: 'short' })).toThrow(UserError);
    });

    it('refuses a state changed in the database, and a state moved to another run', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const a = await store.save((await pausedRefund(agent, 'A-1', 10)).state);
      const b = await store.save((await pausedRefund(agent, 'B-2', 20)).state);
      await pool.query(`UPDATE toolwright_runs SET state = replace(state, '\\"amount\\":10', '\\"amount\\":99999') WHERE id = $1`, [a]);
      await expect(store.load(agent, a)).rejects.toThrow(RunStateError);
      await pool.query(`UPDATE toolwright_runs SET state = (SELECT state FROM toolwright_runs WHERE id = $2), revision = (SELECT revision FROM toolwright_runs WHERE id = $2) WHERE id = $1`, [a, b]);
      await expect(store.load(agent, a)).rejects.toThrow(RunStateError);
      const [{ state }] = (await pool.query('SELECT state FROM toolwright_runs WHERE id = $1', [b])).rows;
      expect(state).toContain('\\"amount\\":20');
    });

    it('purges expired runs with their ledger', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const id = await store.save((await pausedRefund(refundAgent({ refunds: [] }))).state, { ttlMs: 1 });
      await pool.query(`UPDATE toolwright_runs SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
      expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
      expect((await pool.query('SELECT 1 FROM toolwright_runs WHERE id = $1', [id])).rowCount).toBe(0);
    });
  });

  describe('its round trips', () => {
    /**
     * Counts the run-store statements the store sends through the pool while `body` runs. The run's
     * timeline (its record and events, kept for the console) goes to its own tables and is counted
     * apart, in `timeline`.
     */
    async function statements(body: () => Promise<void>, timeline: string[] = [], unnamed: string[] = []): Promise<string[]> {
      const sent: string[] = [];
      const timelineTables = runTimelineTables();
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      const spy = jest.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
        const first = args[0] as string | { text: string };
        const text = typeof first === 'string' ? first : first.text;
        const verb = text.trim().split(/\s+/, 1)[0]!;
        if (text.includes(timelineTables.records) || text.includes(timelineTables.events)) timeline.push(verb);
        else sent.push(verb);
        if (typeof first === 'string' || !('name' in first)) unnamed.push(verb);
        return query(...args);
      }) as never);
      try {
        await body();
      } finally {
        spy.mockRestore();
      }
      return sent;
    }

    it('stores, claims, loads, reads the ledger of and completes a paused run in three statements', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const state = (await pausedRefund(agent, 'RT-1', 30)).state;
      let loaded: unknown;
      let ledger: unknown;
      const unnamed: string[] = [];
      const sent = await statements(async () => {
        const id = await store.save(state);
        const claim = await store.claim(id);
        loaded = await store.load(agent, id);
        ledger = await store.calls(id);
        await store.complete(id, claim);
      }, [], unnamed);
      // save, claim (with state and ledger), complete: each one statement, sent as a named prepared statement.
      expect(sent).toEqual(['INSERT', 'WITH', 'WITH']);
      expect(unnamed).toEqual([]);
      expect((loaded as { interruptions: Array<{ callId: string }> }).interruptions.map((i) => i.callId)).toEqual(['call_refund_RT-1']);
      expect(ledger).toEqual([]);
    });

    it('resumes an approved run through the runner in four run-store statements: claim (with state and ledger), call start and finish, complete', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const log = { refunds: [] as string[] };
      const agent = refundAgent(log);
      const paused = await pausedRefund(agent, 'RT-2', 40);
      const id = await store.save(paused.state);
      await store.approve(id, 'call_refund_RT-2');
      const timeline: string[] = [];
      const sent = await statements(async () => {
        const done = await new Runner({ model: refundModel('RT-2', 40) }).resume(agent, id, { store });
        expect(done.status).toBe('completed');
      }, timeline);
      expect(timeline.length).toBeGreaterThan(0);
      expect(log.refunds).toEqual(['RT-2:40']);
      // claim (with state and ledger), beginCall, finishCall, complete.
      expect(sent).toEqual(['WITH', 'WITH', 'UPDATE', 'WITH']);
    });

    it('reads the ledger after the claim holds the run: a call the previous holder was starting is seen, not run again', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const id = await store.save((await pausedRefund(agent, 'RT-3', 50)).state);
      const first = await store.claim(id);
      await pool.query(`UPDATE toolwright_runs SET lease_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
      // The previous holder's beginCall, held open: the run's row locked FOR SHARE, the call inserted, not yet committed.
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM toolwright_runs WHERE id = $1 AND claim_token = $2 FOR SHARE`, [id, first.token]);
        await holder.query(`INSERT INTO toolwright_runs_calls (run_id, call_id, tool_name, status) VALUES ($1, 'call_refund_RT-3', 'refund_order', 'started')`, [id]);
        const taker = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
        const claiming = taker.claim(id);
        // Wait until the takeover's claim is blocked on the row lock, then let the holder commit.
        for (let i = 0; ; i++) {
          const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%SET status = ''claimed''%'`);
          if (rows[0].n > 0) break;
          if (i > 2_000) throw new Error('the takeover claim never waited for the lock');
          await sleep(5);
        }
        await holder.query('COMMIT');
        const second = await claiming;
        expect(second.attempt).toBe(2);
        const sent = await statements(async () => {
          expect((await taker.calls(id)).map((e) => [e.callId, e.status])).toEqual([['call_refund_RT-3', 'started']]);
        });
        expect(sent).toEqual([]);
        await taker.complete(id, second);
      } finally {
        holder.release();
      }
    });

    it('claims a paused run in one statement, and falls back when the run changed while the claim waited: a call committed meanwhile is seen', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const id = await store.save((await pausedRefund(agent, 'RT-6', 80)).state);
      // Another writer holds the paused run's row: a new version of it (still paused) and a ledger
      // entry, not yet committed — what a replica claiming, starting a call and pausing again
      // between the claim's snapshot and its row lock would leave.
      const writer = await pool.connect();
      try {
        await writer.query('BEGIN');
        await writer.query(`UPDATE toolwright_runs SET updated_at = now() WHERE id = $1`, [id]);
        await writer.query(`INSERT INTO toolwright_runs_calls (run_id, call_id, tool_name, status) VALUES ($1, 'call_refund_RT-6', 'refund_order', 'started')`, [id]);
        const claiming = store.claim(id);
        for (let i = 0; ; i++) {
          const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%SET status = ''claimed''%'`);
          if (rows[0].n > 0) break;
          if (i > 2_000) throw new Error('the claim never waited for the lock');
          await sleep(5);
        }
        await writer.query('COMMIT');
        const claim = await claiming;
        expect((await store.calls(id)).map((e) => [e.callId, e.status])).toEqual([['call_refund_RT-6', 'started']]);
        await store.complete(id, claim);
      } finally {
        writer.release();
      }
    });

    it('reads who holds a run only for a claim it refuses: a won claim never runs that scan', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const { claimPaused } = runStoreSql(runStoreTables());
      // Scans of the runs table in the executed plan, and how many of them never ran.
      const scans = async (id: string): Promise<{ ran: number; skipped: number }> => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${claimPaused}`, [id, 'explain-token', 60_000]);
          await client.query('ROLLBACK');
          const out = { ran: 0, skipped: 0 };
          const visit = (node: Record<string, any>): void => {
            if (node['Relation Name'] === 'toolwright_runs' && /Scan/.test(node['Node Type'])) out[node['Actual Loops'] > 0 ? 'ran' : 'skipped']++;
            for (const child of node.Plans ?? []) visit(child);
          };
          visit(rows[0]['QUERY PLAN'][0].Plan);
          return out;
        } finally {
          client.release();
        }
      };
      const paused = await store.save((await pausedRefund(agent, 'RT-9', 92)).state);
      const won = await scans(paused);
      expect(won.skipped).toBe(1);
      const done = await store.save((await pausedRefund(agent, 'RT-10', 93)).state);
      await store.complete(done, await store.claim(done));
      const refused = await scans(done);
      expect(refused.skipped).toBe(0);
      expect(refused.ran).toBe(won.ran + 1);
    });

    it('refuses a claim in one statement when the run is completed, held under a live lease, or unknown', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const done = await store.save((await pausedRefund(agent, 'RT-7', 90)).state);
      await store.complete(done, await store.claim(done));
      const held = await store.save((await pausedRefund(agent, 'RT-8', 91)).state);
      const claim = await store.claim(held);
      const sent = await statements(async () => {
        await expect(store.claim(done)).rejects.toMatchObject({ name: 'RunAlreadyClaimedError', status: 'completed' });
        await expect(store.claim(held)).rejects.toMatchObject({ name: 'RunAlreadyClaimedError', status: 'claimed' });
        await expect(store.claim('no-such-run')).rejects.toMatchObject({ name: 'RunNotFoundError' });
      });
      expect(sent).toEqual(['WITH', 'WITH', 'WITH']);
      await store.complete(held, claim);
    });

    it('reads the run again after its own write: a claim\'s snapshot never hides what this store saved, released or completed', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const id = await store.save((await pausedRefund(agent, 'RT-4', 60)).state);
      const claim = await store.claim(id);
      await store.save((await pausedRefund(agent, 'RT-4', 61)).state, { claim });
      const reloaded = await store.load(agent, id);
      expect(JSON.stringify(reloaded.interruptions[0]!.arguments)).toContain('61');
      const again = await store.claim(id);
      await store.complete(id, again);
      await expect(store.load(agent, id)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
    });

    it('works without prepared statements, for poolers that cannot keep them', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET, preparedStatements: false });
      const agent = refundAgent({ refunds: [] });
      const id = await store.save((await pausedRefund(agent, 'RT-5', 70)).state);
      const claim = await store.claim(id);
      expect((await store.load(agent, id)).interruptions).toHaveLength(1);
      await store.complete(id, claim);
      expect((await store.inspect(id)).status).toBe('completed');
    });

    it('claims a run whose id needs quoting', async () => {
      const store = new PostgresRunStore({ pool, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const state = (await pausedRefund(agent, 'RT-6', 80)).state;
      // A run id is whatever save returned; an id with quotes and backslashes never reaches the SQL unquoted.
      await expect(store.claim("x'); DROP TABLE toolwright_runs; --\\")).rejects.toThrow(/No stored run/);
      const id = await store.save(state);
      expect((await store.inspect(id)).status).toBe('paused');
    });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { RunStateError, UserError } from '@toolwright/core';
import { PostgresRunStore, runStoreMigration, runTimelineMigration } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';
import { pausedRefund, refundAgent } from '../../../test-support/run-stores/fixtures';

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

  runStoreContract(() => ({ make: (options = {}) => new PostgresRunStore({ pool, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: true });

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
});

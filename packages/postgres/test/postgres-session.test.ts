import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { RunStateError, SessionBusyError, UserError } from '@toolwright/core';
import { sessionContract } from '@toolwright/core/testing';
import { PostgresRunStore, PostgresSession, sessionMigration } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { describeSessionOverTheWire } from '../../../test-support/sessions/wire-suite';
import { describeSessionCrossProcess } from '../../../test-support/sessions/cross-process';

const SECRET = 'session-secret-0123456789abcdef';

describe('PostgresSession on a real PostgreSQL server', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 20 });
    pool.on('error', () => undefined);
    await new PostgresRunStore({ pool, secret: SECRET }).migrate();
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  sessionContract(() => ({ make: (id, options) => new PostgresSession({ pool, id, ...options }) }), { shared: true });

  describe('signed with a secret', () => {
    sessionContract(() => ({ make: (id, options) => new PostgresSession({ pool, id, secret: SECRET, ...options }) }), { shared: true });
  });

  describeSessionOverTheWire((id) => new PostgresSession({ pool, id, secret: SECRET }));

  describeSessionCrossProcess('postgres', () => ({
    url: server.connectionString,
    session: (id) => new PostgresSession({ pool, id }),
    store: (secret) => new PostgresRunStore({ pool, secret }),
  }));

  describe('its tables', () => {
    it('ships the migration for the default table name in migrations/', () => {
      expect(readFileSync(join(__dirname, '..', 'migrations', '002_toolwright_sessions.sql'), 'utf8')).toBe(sessionMigration());
    });

    it('creates its tables on first use, once, with replicas starting together; not when told not to', async () => {
      await pool.query('CREATE SCHEMA IF NOT EXISTS chat');
      const sessions = Array.from({ length: 4 }, (_, i) => new PostgresSession({ pool, id: `replica-${i}`, table: 'chat.conversations' }));
      await Promise.all(sessions.map((s) => s.addItems([{ type: 'message', role: 'user', content: 'hi' }])));
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM chat.conversations_items');
      expect(rows[0].n).toBe(4);
      await expect(new PostgresSession({ pool, id: 'x', table: 'chat.missing', createTables: false }).getItems()).rejects.toThrow(/does not exist/);
    });

    it('reads only the latest rows for getItems(limit)', async () => {
      const s = new PostgresSession({ pool, id: `limit-plan-${Date.now()}` });
      await s.addItems(Array.from({ length: 50 }, (_, i) => ({ type: 'message' as const, role: 'user' as const, content: `m${i}` })));
      const spy = jest.spyOn(pool, 'query');
      try {
        const items = await s.getItems(3);
        expect(items.map((i) => (i as { content: string }).content)).toEqual(['m47', 'm48', 'm49']);
        const sql = String(spy.mock.calls.at(-1)![0]);
        expect(sql).toMatch(/LIMIT \$2/);
        expect(spy.mock.calls.at(-1)![1]).toEqual([s.id, 3]);
      } finally {
        spy.mockRestore();
      }
    });

    it('refuses an item changed in the database, or moved from another session, when signed', async () => {
      const a = new PostgresSession({ pool, id: `signed-a-${Date.now()}`, secret: SECRET });
      const b = new PostgresSession({ pool, id: `signed-b-${Date.now()}`, secret: SECRET });
      await a.addItems([{ type: 'function_call_output', callId: 'c1', output: 'refund 10' }]);
      await b.addItems([{ type: 'message', role: 'user', content: 'b' }]);
      await pool.query(`UPDATE toolwright_sessions_items SET item = replace(item, 'refund 10', 'refund 99') WHERE session_id = $1`, [a.id]);
      await expect(a.getItems()).rejects.toThrow(RunStateError);
      await pool.query(`UPDATE toolwright_sessions_items SET item = (SELECT item FROM toolwright_sessions_items WHERE session_id = $2) WHERE session_id = $1`, [a.id, b.id]);
      await expect(a.getItems()).rejects.toThrow(RunStateError);
    });

    it('answers SessionBusyError when another writer holds the session longer than lockTimeoutMs', async () => {
      const id = `busy-${Date.now()}`;
      const s = new PostgresSession({ pool, id, lockTimeoutMs: 200 });
      await s.addItems([{ type: 'message', role: 'user', content: 'first' }]);
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM toolwright_sessions WHERE id = $1 FOR UPDATE', [id]);
        await expect(s.addItems([{ type: 'message', role: 'user', content: 'second' }])).rejects.toBeInstanceOf(SessionBusyError);
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
      expect((await s.getItems()).length).toBe(1);
    });

    it('refuses table names that could inject SQL, sessions without a connection, and bad options', () => {
      expect(() => new PostgresSession({ pool, id: 'a', table: 'x; DROP TABLE y' })).toThrow(UserError);
      expect(() => new PostgresSession({ id: 'a' })).toThrow(/connection string/);
      expect(() => new PostgresSession({ pool, id: '' })).toThrow(UserError);
      expect(() => new PostgresSession({ pool, id: 'a', secret: 'short' })).toThrow(UserError);
      expect(() => new PostgresSession({ pool, id: 'a', lockTimeoutMs: 0 })).toThrow(UserError);
    });
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/testing';
import { SHARED_BACKENDS_ENV, sharedServer, type SharedServerState } from '../../src/testing/shared-server';

/** Runs one query on a fresh connection and returns its rows. */
async function query(connectionString: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until a process is gone (it may be a zombie of this process for a moment: not counted). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
      if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z') return true;
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('startEmbeddedPostgres', () => {
  describe('inside a test run that shares its servers', () => {
    // A shared-servers directory of this suite's own, so that it starts (and stops) a server of
    // its own rather than the run's, whichever way the run is configured.
    const dir = mkdtempSync(join(tmpdir(), 'toolwright-backends-test-'));
    const before = process.env[SHARED_BACKENDS_ENV];
    const started: EmbeddedPostgres[] = [];

    beforeAll(() => {
      process.env[SHARED_BACKENDS_ENV] = dir;
    });

    afterAll(async () => {
      process.env[SHARED_BACKENDS_ENV] = before;
      if (before === undefined) delete process.env[SHARED_BACKENDS_ENV];
      await Promise.all(started.map((database) => database.stop()));
      const stateFile = join(dir, 'postgres.json');
      if (existsSync(stateFile)) {
        const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SharedServerState;
        process.kill(state.pid, state.signal);
        await gone(state.pid);
        for (const removed of state.removeDirs) rmSync(removed, { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it('gives each caller a database of its own on one server, and stop() drops only that database', async () => {
      const [a, b] = await Promise.all([startEmbeddedPostgres(), startEmbeddedPostgres()]);
      started.push(a, b);
      expect(a.port).toBe(b.port);
      expect(a.connectionString).not.toBe(b.connectionString);
      expect(a.connectionString).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${a.port}/toolwright_\\w+$`));

      await query(a.connectionString, 'CREATE TABLE leftovers (id int)');
      expect(await query(a.connectionString, `SELECT to_regclass('leftovers') IS NOT NULL AS seen`)).toEqual([{ seen: true }]);
      expect(await query(b.connectionString, `SELECT to_regclass('leftovers') IS NOT NULL AS seen`)).toEqual([{ seen: false }]);

      const nameOf = (connectionString: string): string => connectionString.slice(connectionString.lastIndexOf('/') + 1);
      const databases = async (): Promise<unknown[]> =>
        (await query(b.connectionString, `SELECT datname FROM pg_database WHERE datname LIKE 'toolwright_%' ORDER BY datname`)).map((row) => row.datname);
      expect(await databases()).toEqual([nameOf(a.connectionString), nameOf(b.connectionString)].sort());
      // A session still open on the database does not keep it alive.
      const open = new Client({ connectionString: a.connectionString });
      open.on('error', () => undefined);
      await open.connect();
      await a.stop();
      await a.stop();
      await open.end().catch(() => undefined);
      expect(await databases()).toEqual([nameOf(b.connectionString)]);
    }, 120_000);

    it('starts a server of its own for a caller that asks for one (dedicated)', async () => {
      const shared = await startEmbeddedPostgres();
      started.push(shared);
      const own = await startEmbeddedPostgres({ dedicated: true });
      try {
        expect(own.port).not.toBe(shared.port);
        expect(own.connectionString).toBe(`postgres://postgres@127.0.0.1:${own.port}/postgres`);
        expect(await query(own.connectionString, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await own.stop();
      }
    }, 120_000);
  });
});

describe('sharedServer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolwright-shared-server-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const state: SharedServerState = { port: 5555, pid: 1, signal: 'SIGTERM', removeDirs: [] };

  it('starts the server once for callers that arrive together, and hands every one its state', async () => {
    let starts = 0;
    const start = async (): Promise<SharedServerState> => {
      starts += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return state;
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => sharedServer(dir, 'demo', start, 10_000)));
    expect(starts).toBe(1);
    expect(results).toEqual([state, state, state, state]);
    expect(JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8'))).toEqual(state);
  });

  it('fails every caller with the reason when the start fails, and does not try again', async () => {
    let starts = 0;
    const start = async (): Promise<SharedServerState> => {
      starts += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('no binary');
    };
    const results = await Promise.allSettled([1, 2, 3].map(() => sharedServer(dir, 'demo', start, 10_000)));
    expect(starts).toBe(1);
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('no binary') } });
    await expect(sharedServer(dir, 'demo', start, 10_000)).rejects.toThrow('the shared demo server of this test run could not start: no binary');
    expect(starts).toBe(1);
  });
});

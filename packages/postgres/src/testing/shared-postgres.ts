import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, initCluster, READY_LINE } from './postgres-cluster';
import { sharedServer, type SharedServerState } from './shared-server';

/**
 * A fresh database on the test run's shared PostgreSQL server (started by the first caller):
 * created from `template1`, dropped by `stop()` with its open sessions.
 */
export async function databaseOnSharedServer(dir: string, timeoutMs: number): Promise<{ connectionString: string; port: number; stop(): Promise<void> }> {
  const { port } = await sharedServer(dir, 'postgres', () => startDetached(timeoutMs), timeoutMs);
  const database = `toolwright_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(port, `CREATE DATABASE ${database} TEMPLATE template1`);
  let dropped: Promise<void> | undefined;
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    stop: () => (dropped ??= onServer(port, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)),
  };
}

async function onServer(port: number, statement: string): Promise<void> {
  const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts the shared server in a process group of its own, logging to a file rather than to this
 * process, so that it outlives the jest worker that started it (workers are replaced during a
 * run); the run's teardown stops it.
 */
async function startDetached(timeoutMs: number): Promise<SharedServerState> {
  const cluster = initCluster();
  try {
    const port = await freePort();
    const logFile = join(cluster.root, 'server.log');
    const log = openSync(logFile, 'a');
    const { owner } = cluster;
    const server = spawn(cluster.program, cluster.args(port), {
      env: cluster.env,
      detached: true,
      stdio: ['ignore', 'ignore', log],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    closeSync(log);
    let exited: string | undefined;
    server.once('exit', (code) => (exited = `PostgreSQL exited with code ${code} while starting`));
    server.once('error', (error) => (exited = `PostgreSQL could not be started (${error.message})`));
    const deadline = Date.now() + timeoutMs;
    while (!readFileSync(logFile, 'utf8').includes(READY_LINE)) {
      if (exited || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`${exited ?? `PostgreSQL did not start within ${timeoutMs} ms`}:\n${readFileSync(logFile, 'utf8').slice(-2_000)}`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
    server.unref();
    // SIGINT is PostgreSQL's "fast shutdown": sessions are ended, nothing waits for clients.
    return { port, pid: server.pid!, signal: 'SIGINT', removeDirs: [cluster.root] };
  } catch (error) {
    rmSync(cluster.root, { recursive: true, force: true });
    throw error;
  }
}

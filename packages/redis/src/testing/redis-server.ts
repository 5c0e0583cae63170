import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway Redis server started by {@link startRedisServer}. */
export interface TestRedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Stops the server and deletes its directory. */
  stop(): Promise<void>;
}

/** Options of {@link startRedisServer}. */
export interface TestRedisServerOptions {
  /** The `redis-server` program (default: found on PATH; Debian: `apt-get install redis-server`). */
  binary?: string;
  /** Milliseconds to wait for the server to accept connections (default 15,000). */
  startTimeoutMs?: number;
}

/**
 * Starts a real `redis-server` on a free loopback port with a fresh working directory under the
 * temp directory and persistence off — for integration tests.
 *
 * @example
 * const redis = await startRedisServer();
 * const store = new RedisRunStore({ url: redis.url, secret });
 * // ...
 * await store.close();
 * await redis.stop();
 */
export async function startRedisServer(options: TestRedisServerOptions = {}): Promise<TestRedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-redis-'));
  try {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'notice'];
    const server = spawn(options.binary ?? 'redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await waitUntilReady(server, options.startTimeoutMs ?? 15_000);
    return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopServer(server, dir) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
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
    const onExit = (code: number | null): void => fail(new Error(`redis-server exited with code ${code} while starting:\n${log.slice(-2_000)}`));
    const onError = (error: Error): void =>
      fail(new Error(`redis-server could not be started (${error.message}). Install it (Debian: apt-get install -y redis-server) or pass options.binary.`));
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within ${timeoutMs} ms:\n${log.slice(-2_000)}`)), timeoutMs);
    const cleanUp = (): void => {
      clearTimeout(timer);
      server.off('exit', onExit);
      server.off('error', onError);
      server.stdout!.removeAllListeners('data');
      // Keep draining the output, or a chatty server would block on a full pipe.
      server.stdout!.resume();
      server.stderr!.resume();
    };
    const fail = (error: Error): void => {
      cleanUp();
      server.kill('SIGKILL');
      reject(error);
    };
    server.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('Ready to accept connections')) {
        cleanUp();
        resolveReady();
      }
    });
    server.once('exit', onExit);
    server.once('error', onError);
  });
}

function stopServer(server: ChildProcess, dir: string): Promise<void> {
  return new Promise((resolveStop) => {
    const done = (): void => {
      rmSync(dir, { recursive: true, force: true });
      resolveStop();
    };
    if (server.exitCode !== null || server.signalCode !== null) return done();
    server.once('exit', done);
    server.kill('SIGTERM');
  });
}

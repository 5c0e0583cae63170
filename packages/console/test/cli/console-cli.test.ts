import { Runner, type RunStore } from '@toolwright/core';
import { RedisRunStore } from '@toolwright/redis';
import { startRedisServer, type TestRedisServer } from '@toolwright/redis/testing';
import { describeBackend, requireBackend } from '../../../../test-support/backends';
import { runConsoleCli, type ConsoleCliIo } from '../../src';
import { authHeader, PASSWORD, support } from '../console-fixtures';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });
const SECRET = 'console-cli-test-secret-0123456789';

/** The CLI's output, and a way to stop the server it started. */
function cliIo(env: NodeJS.ProcessEnv = {}): ConsoleCliIo & { output: () => string; errors: () => string; stop: () => void } {
  let out = '';
  let err = '';
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return { out: (t) => (out += t), err: (t) => (err += t), env, stopped, output: () => out, errors: () => err, stop: () => stop() };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('toolwright-console (the CLI), option errors', () => {
  it.each([
    [[], /--store is required/],
    [['--store'], /--store needs a value/],
    [['--store', 'redis://127.0.0.1:1', '--port', 'many'], /--port must be a port number/],
    [['--store', 'redis://127.0.0.1:1', '--wat'], /Unknown option --wat/],
    [['--store', 'redis://127.0.0.1:1', '--host', '0.0.0.0', '--secret', 's'], /without authorization; give --token/],
    [['--store', 'redis://127.0.0.1:1'], /signing secret: --secret or TOOLWRIGHT_STORE_SECRET/],
    [['--store', 'mysql://x/y', '--secret', 's'], /not a store the console knows/],
    [['--store', 'not a url', '--secret', 's'], /--store must be a URL/],
  ])('%j exits 2 naming what is wrong', async (argv, message) => {
    const io = cliIo();
    await expect(runConsoleCli(argv as string[], io)).resolves.toBe(2);
    expect(io.errors()).toMatch(message);
  });

  it('--help prints the usage and exits 0', async () => {
    const io = cliIo();
    await expect(runConsoleCli(['--help'], io)).resolves.toBe(0);
    expect(io.output()).toContain('Usage: toolwright-console --store');
  });
});

describeBackend(redisBackend, 'toolwright-console (the CLI) over a real Redis store', () => {
  let redis: TestRedisServer;
  let store: RedisRunStore;
  beforeAll(async () => {
    redis = await startRedisServer();
    store = new RedisRunStore({ url: redis.url, secret: SECRET });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await redis?.stop();
  });

  it('serves the runs of the store a URL names, behind basic auth, read-only without --agents', async () => {
    const paused = await new Runner().run(support, 'refund CLI-1 40', { store: store as RunStore });
    expect(paused.status).toBe('interrupted');
    const io = cliIo({ TOOLWRIGHT_STORE_SECRET: SECRET, TOOLWRIGHT_CONSOLE_TOKEN: PASSWORD });
    const exit = runConsoleCli(['--store', redis.url, '--port', '0', '--base-path', '/ops'], io);
    await until(() => /http:\/\/127\.0\.0\.1:\d+\/ops/.test(io.output()), 'the console to listen');
    const base = /(http:\/\/127\.0\.0\.1:\d+\/ops)/.exec(io.output())![1]!;
    expect(io.output()).toContain('read-only');
    try {
      expect((await fetch(`${base}/`)).status).toBe(401);
      const list = await fetch(`${base}/`, { headers: { Authorization: authHeader('carol') } });
      expect(list.status).toBe(200);
      const html = await list.text();
      expect(html).toContain(paused.runId!);
      const page = await fetch(`${base}/runs/${paused.runId}`, { headers: { Authorization: authHeader('carol') } });
      expect(page.status).toBe(200);
      const runHtml = await page.text();
      expect(runHtml).toContain('refund_order');
      // Read-only: nothing to decide with, so no decision buttons are offered.
      expect(runHtml).not.toMatch(/>\s*Approve\s*</);
    } finally {
      io.stop();
    }
    await expect(exit).resolves.toBe(0);
  }, 60_000);
});

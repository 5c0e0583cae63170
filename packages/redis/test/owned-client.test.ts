import { createServer, type Server } from 'node:net';
import { UserError } from '@toolwright/core';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { RedisConnectionError, RedisRunStore } from '@toolwright/redis';

/** A port on 127.0.0.1 where nothing listens (taken from a server that is closed again). */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('RedisRunStore made from a URL', () => {
  describe('when nothing listens at the URL', () => {
    it('fails the call with one RedisConnectionError naming the URL, printing nothing', async () => {
      const port = await closedPort();
      const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const store = new RedisRunStore({ url: `redis://user:hunter2@127.0.0.1:${port}/0`, secret: CONTRACT_SECRET });
      try {
        const started = Date.now();
        const error = await store.list().then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(RedisConnectionError);
        expect((error as Error).message).toBe(
          `RedisRunStore could not connect to Redis at redis://user:***@127.0.0.1:${port}/0 (connect ECONNREFUSED 127.0.0.1:${port}). `
          + 'Check the url option (redis://[user:password@]host:port[/db], rediss:// for TLS) and that Redis is running and reachable there.',
        );
        expect(Date.now() - started).toBeLessThan(5_000);
        // The next call tries again, and fails the same way.
        await expect(store.claim('run-1')).rejects.toBeInstanceOf(RedisConnectionError);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(printed).not.toHaveBeenCalled();
        expect(warned).not.toHaveBeenCalled();
      } finally {
        await store.close();
        printed.mockRestore();
        warned.mockRestore();
      }
    });
  });

  it.each(['localhost:6379', 'http://localhost:6379', 'redis://', 'not a url'])('refuses %j at construction, saying how a Redis URL is written', (url) => {
    expect(() => new RedisRunStore({ url, secret: CONTRACT_SECRET })).toThrow(UserError);
    expect(() => new RedisRunStore({ url, secret: CONTRACT_SECRET })).toThrow('is not a Redis URL; write redis://[user:password@]host:port[/db]');
  });

  it('keeps the password out of the refusal', () => {
    expect(() => new RedisRunStore({ url: 'http://admin:hunter2@cache:6379', secret: CONTRACT_SECRET })).toThrow('"http://admin:***@cache:6379/" is not a Redis URL');
  });
});

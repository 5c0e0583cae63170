import { Redis } from 'ioredis';
import { RunStateError, UserError } from '@toolwright/core';
import { sessionContract } from '@toolwright/core/testing';
import { RedisRunStore, RedisSession } from '../src';
import { startRedisServer, type TestRedisServer } from '../src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { describeSessionOverTheWire } from '../../../test-support/sessions/wire-suite';
import { describeSessionCrossProcess } from '../../../test-support/sessions/cross-process';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });
const SECRET = 'session-secret-0123456789abcdef';

describeBackend(redisBackend, 'RedisSession on a real Redis server', () => {
  let server: TestRedisServer;
  let client: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    client = new Redis(server.url);
  }, 30_000);

  afterAll(async () => {
    await client?.quit();
    await server?.stop();
  });

  sessionContract(() => ({ make: (id, options) => new RedisSession({ client, id, ...options }) }), { shared: true, ttl: true });

  describe('signed with a secret', () => {
    sessionContract(() => ({ make: (id, options) => new RedisSession({ client, id, secret: SECRET, ...options }) }), { shared: true, ttl: true });
  });

  describeSessionOverTheWire((id) => new RedisSession({ client, id, secret: SECRET }));

  describeSessionCrossProcess('redis', () => ({
    url: server.url,
    session: (id) => new RedisSession({ client, id }),
    store: (secret) => new RedisRunStore({ client, secret }),
  }));

  describe('its keys', () => {
    it('keeps a session as one list under one hash tag, with a TTL renewed by every write', async () => {
      const s = new RedisSession({ client, id: 'keys-1', prefix: 'app:', ttlMs: 60_000 });
      await s.addItems([{ type: 'message', role: 'user', content: 'hi' }]);
      expect(await client.llen('app:session:{keys-1}')).toBe(1);
      const ttl = await client.pttl('app:session:{keys-1}');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await client.pttl('app:session:{keys-1}:v')).toBeGreaterThan(0);
    });

    it('reads only the latest entries for getItems(limit)', async () => {
      const s = new RedisSession({ client, id: `lrange-${Date.now()}` });
      await s.addItems(Array.from({ length: 50 }, (_, i) => ({ type: 'message' as const, role: 'user' as const, content: `m${i}` })));
      const spy = jest.spyOn(client, 'lrange');
      try {
        expect((await s.getItems(2)).map((i) => (i as { content: string }).content)).toEqual(['m48', 'm49']);
        expect(spy).toHaveBeenCalledWith(`toolwright:session:{${s.id}}`, -2, -1);
      } finally {
        spy.mockRestore();
      }
    });

    it('refuses an item changed in Redis when signed', async () => {
      const s = new RedisSession({ client, id: `tamper-${Date.now()}`, secret: SECRET });
      await s.addItems([{ type: 'function_call_output', callId: 'c1', output: 'refund 10' }]);
      const key = `toolwright:session:{${s.id}}`;
      const [entry] = await client.lrange(key, 0, 0);
      await client.lset(key, 0, entry!.replace('refund 10', 'refund 99'));
      await expect(s.getItems()).rejects.toThrow(RunStateError);
    });

    it('compacts with other writers racing it, and never loses their items', async () => {
      const id = `race-${Date.now()}`;
      const compact = async (items: Array<{ type: string }>) => {
        await new Promise((r) => setTimeout(r, 5));
        return items.slice(-3) as never;
      };
      const writers = Array.from({ length: 6 }, () => new RedisSession({ client, id, maxItems: 5, compact }));
      await Promise.all(writers.map((s, w) => s.addItems([{ type: 'message', role: 'user', content: `w${w}` }, { type: 'message', role: 'assistant', content: `r${w}` }])));
      const items = await writers[0]!.getItems();
      expect(items.length).toBeLessThanOrEqual(5);
      expect(items.length).toBeGreaterThan(0);
    });

    it('refuses a URL that is not Redis, sessions without a connection, and bad options', () => {
      expect(() => new RedisSession({ url: 'http://x', id: 'a' })).toThrow(UserError);
      expect(() => new RedisSession({ id: 'a' })).toThrow(/client/);
      expect(() => new RedisSession({ client, id: 'a', prefix: 'a{b' })).toThrow(UserError);
      expect(() => new RedisSession({ client, id: 'a', ttlMs: -1 })).toThrow(UserError);
    });
  });
});

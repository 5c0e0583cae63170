import { Redis } from 'ioredis';
import { RunStateError, UserError } from '@toolwright/core';
import { RedisRunStore } from '../src';
import { startRedisServer, type TestRedisServer } from '../src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';
import { pausedRefund, refundAgent } from '../../../test-support/run-stores/fixtures';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'RedisRunStore on a real Redis server', () => {
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

  runStoreContract(() => ({ make: (options = {}) => new RedisRunStore({ ...options, client, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: true });

  describe('its keys', () => {
    it('keeps a run under one hash tag, with a native TTL', async () => {
      const store = new RedisRunStore({ client, secret: CONTRACT_SECRET, prefix: 'app:' });
      const id = await store.save((await pausedRefund(refundAgent({ refunds: [] }))).state, { ttlMs: 60_000 });
      const ttl = await client.pttl(`app:{${id}}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await client.zscore('app:runs', id)).not.toBeNull();
    });

    it('sweeps expired runs from the index', async () => {
      const store = new RedisRunStore({ client, secret: CONTRACT_SECRET, prefix: 'sweep:' });
      const id = await store.save((await pausedRefund(refundAgent({ refunds: [] }))).state, { ttlMs: 60_000 });
      await client.del(`sweep:{${id}}`);
      expect(await store.purgeExpired()).toBe(1);
      expect(await client.zscore('sweep:runs', id)).toBeNull();
    });

    it('expires a run record, its timeline and its alias natively at updatedAt + recordTtlMs, and sweeps its id from every index', async () => {
      const store = new RedisRunStore({ client, secret: CONTRACT_SECRET, prefix: 'rec-ttl:', recordTtlMs: 60_000 });
      const now = Date.now();
      const record = { id: 'r1', runId: 'run-1', agent: 'support', status: 'completed' as const, startedAt: now, updatedAt: now, pendingApprovals: 0, eventCount: 1 };
      await store.recordRun(record);
      await store.appendEvents('r1', [{ seq: 1, at: now, type: 'message', text: 'hi' }]);
      await store.recordRun(record);
      for (const key of ['rec-ttl:rec:{r1}', 'rec-ttl:rec:{r1}:events', 'rec-ttl:rec-alias:{run-1}']) {
        const ttl = await client.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      }
      const agentIndex = `rec-ttl:recs:agent:${Buffer.from('support').toString('base64url')}`;
      expect(await client.smembers('rec-ttl:recs:agents')).toEqual([agentIndex]);
      // Last written over a minute ago: gone at once, its ids left in the indexes until swept.
      await store.recordRun({ ...record, updatedAt: now - 61_000 });
      expect(await client.exists('rec-ttl:rec:{r1}', 'rec-ttl:rec:{r1}:events', 'rec-ttl:rec-alias:{run-1}')).toBe(0);
      expect(await client.zscore('rec-ttl:recs', 'r1')).not.toBeNull();
      await store.purgeExpired();
      for (const index of ['rec-ttl:recs', 'rec-ttl:recs:status:completed', agentIndex]) expect(await client.zcard(index)).toBe(0);
      expect(await client.smembers('rec-ttl:recs:agents')).toEqual([]);
    });

    it('appends a timeline in one step up to the cap: a whole cap in one call, nothing past it, concurrent appends included', async () => {
      const store = new RedisRunStore({ client, secret: CONTRACT_SECRET, prefix: 'rec-cap:', recordTtlMs: 60_000 });
      const at = Date.now();
      const events = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ seq: from + i, at, type: 'message' as const, text: `e${from + i}` }));
      // 2,000 (the cap) and more in one call: RPUSHed 1,000 at a time, in order, the rest dropped.
      await store.appendEvents('one', events(1, 2_500));
      expect(await client.llen('rec-cap:rec:{one}:events')).toBe(2_000);
      expect(JSON.parse((await client.lindex('rec-cap:rec:{one}:events', 1_999))!).seq).toBe(2_000);
      await store.appendEvents('one', events(2_501, 1));
      expect(await client.llen('rec-cap:rec:{one}:events')).toBe(2_000);
      const ttl = await client.pttl('rec-cap:rec:{one}:events');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      // Twenty appends of 150 at once: each sees what the others appended, so the cap holds.
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.appendEvents('many', events(i * 150 + 1, 150))));
      expect(await client.llen('rec-cap:rec:{many}:events')).toBe(2_000);
    });

    it('refuses a state changed in Redis, and a decision moved from another run', async () => {
      const store = new RedisRunStore({ client, secret: CONTRACT_SECRET });
      const agent = refundAgent({ refunds: [] });
      const a = await pausedRefund(agent, 'A-1', 10);
      const b = await pausedRefund(agent, 'B-2', 20);
      const idA = await store.save(a.state);
      const idB = await store.save(b.state);
      const state = (await client.hget(`toolwright:{${idA}}`, 'state'))!;
      await client.hset(`toolwright:{${idA}}`, 'state', state.replace('\\\\\\"amount\\\\\\":10', '\\\\\\"amount\\\\\\":99999'));
      expect(await client.hget(`toolwright:{${idA}}`, 'state')).not.toBe(state);
      await expect(store.load(agent, idA)).rejects.toThrow(RunStateError);
      await store.approve(idB, b.interruptions[0]!.callId);
      const signed = (await client.hget(`toolwright:{${idB}}:decisions`, b.interruptions[0]!.callId))!;
      const idC = await store.save(b.state);
      await client.hset(`toolwright:{${idC}}:decisions`, b.interruptions[0]!.callId, signed);
      await expect(store.load(agent, idC)).rejects.toThrow(RunStateError);
    });

    it('refuses a prefix that would break the hash tags, and a store without a connection', () => {
      expect(() => new RedisRunStore({ client, secret: CONTRACT_SECRET, prefix: 'a{b}:' })).toThrow(UserError);
      expect(() => new RedisRunStore({ secret: CONTRACT_SECRET })).toThrow('URL');
    });

    it('connects from a URL and disconnects on close', async () => {
      const store = new RedisRunStore({ url: server.url, secret: CONTRACT_SECRET });
      const id = await store.save((await pausedRefund(refundAgent({ refunds: [] }))).state);
      expect((await store.inspect(id)).status).toBe('paused');
      await store.close();
      expect(store.client.status).toBe('end');
    });
  });
});

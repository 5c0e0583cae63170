import { Redis } from 'ioredis';
import { Agent, RateLimitError, Runner, ScriptedModel, defineTool } from '@toolwright/core';
import { redisRateLimiter } from '../src';
import { startRedisServer, type TestRedisServer } from '../src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { describeCrossProcessLimits } from '../../../test-support/rate-limits/cross-process-limits';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'redisRateLimiter', () => {
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

  it("counts a tool's limit in Redis under the limit's own keys, for a Runner given { client }", async () => {
    const sent: string[] = [];
    const tool = defineTool({
      name: 'notify',
      description: 'Notify.',
      parameters: { type: 'object', properties: {} },
      rateLimit: { points: 1, durationMs: 60_000, onLimit: 'fail' },
      invoke: () => sent.push('x'),
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'notify', arguments: {}, callId: 'a' }, { name: 'notify', arguments: {}, callId: 'b' }] }, { text: 'done' }]);
    const run = new Runner({ model, rateLimiter: redisRateLimiter({ client }) }).run(new Agent({ name: 'n', tools: [tool] }), 'go');
    await expect(run).rejects.toBeInstanceOf(RateLimitError);
    expect(sent).toEqual([]);
    expect(await client.keys('toolwright:rl:notify:*')).toEqual(['toolwright:rl:notify:1:60000:tool:*']);
  });

  it('refuses options without a client or URL, and a URL that is not Redis', () => {
    expect(() => redisRateLimiter({})).toThrow(/pass an ioredis client \(\{ client \}\) or a URL/);
    expect(() => redisRateLimiter({ url: 'http://localhost' })).toThrow(/is not a Redis URL/);
  });

  it('fails the call (it is never let through uncounted) when Redis cannot be reached', async () => {
    const limiter = redisRateLimiter({ url: 'redis://127.0.0.1:1' });
    const tool = defineTool({ name: 'ping', description: 'Ping.', parameters: { type: 'object', properties: {} }, rateLimit: { points: 5, durationMs: 1_000 }, invoke: () => 'pong' });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'ping', arguments: {} }] }, { text: 'done' }]);
    await expect(new Runner({ model, rateLimiter: limiter }).run(new Agent({ name: 'p', tools: [tool] }), 'go')).rejects.toThrow(/could not connect to Redis at redis:\/\/127\.0\.0\.1:1/);
    await limiter.close();
  });

  describe('shared by two processes', () => {
    describeCrossProcessLimits('redis', () => server.url);
  });
});

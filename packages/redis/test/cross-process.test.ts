import { Redis } from 'ioredis';
import { RedisRunStore } from '../src';
import { startRedisServer, type TestRedisServer } from '../src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { describeCrossProcessSuite } from '../../../test-support/run-stores/cross-process';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'RedisRunStore shared by replicas in separate processes', () => {
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

  describeCrossProcessSuite('redis', () => ({
    url: server.url,
    secret: CONTRACT_SECRET,
    store: () => new RedisRunStore({ client, secret: CONTRACT_SECRET }),
  }));
});

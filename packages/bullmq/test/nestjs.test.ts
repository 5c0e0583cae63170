import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { lastValueFrom, toArray } from 'rxjs';
import { Redis } from 'ioredis';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue } from '../src';
import { ToolwrightQueueModule, TOOLWRIGHT_RUN_WORKER, runEventsSse } from '../src/nestjs';
import { billingAgent, billingRunner } from './fixtures/queue-agents';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'ToolwrightQueueModule (NestJS)', () => {
  let server: TestRedisServer;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  }, 30_000);
  afterAll(async () => {
    await redis?.quit();
    await server?.stop();
  });

  it('provides RunQueue and a RunWorker on @nestjs/bullmq; runEventsSse streams a run as server-sent events', async () => {
    const store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
    const moduleRef = await Test.createTestingModule({
      imports: [
        ToolwrightQueueModule.forRoot({
          connection: { host: '127.0.0.1', port: server.port },
          store,
          queueName: 'nest',
          worker: { runner: billingRunner(), agents: [billingAgent(redis)], concurrency: 2, graceMs: 1000 },
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication();
    app.enableShutdownHooks();
    await app.init();
    try {
      const queue = app.get(RunQueue);
      expect(queue.name).toBe('nest');
      expect(app.get(TOOLWRIGHT_RUN_WORKER)).toBeTruthy();
      // The BullMQ queue of @nestjs/bullmq is the runs' queue.
      const bull = app.get<Queue>(getQueueToken('nest'));
      const runId = await queue.enqueue('billing', 'Charge order A-17', { context: { key: 'nest-1' } });
      expect((await queue.result(runId)).finalOutput).toBe('Done: Charged order A-17.');
      expect((await bull.getJobCounts('failed')).failed).toBe(0);
      const messages = await lastValueFrom(runEventsSse(queue, runId).pipe(toArray()));
      const types = messages.map((m) => m.type).filter((t) => t !== 'model_delta');
      expect(types).toEqual(['tool_called', 'tool_output', 'message', 'run_completed']);
      expect(messages.every((m) => /^\d+-\d+$/.test(m.id))).toBe(true);
      expect(messages.find((m) => m.type === 'tool_output')!.data).toMatchObject({ toolName: 'charge_order', agent: { name: 'billing' } });
      // A reconnect with Last-Event-ID gets only what followed.
      const after = await lastValueFrom(runEventsSse(queue, runId, { fromEventId: messages[0]!.id }).pipe(toArray()));
      expect(after.map((m) => m.id)).toEqual(messages.slice(1).map((m) => m.id));
    } finally {
      await app.close();
    }
  }, 60_000);
});

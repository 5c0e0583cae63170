import 'reflect-metadata';
import { Global, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { Param, RateLimit, Runner, ScriptedModel, Tool, Toolkit, type FunctionCallOutputItem } from '@toolwright/core';
import { redisRateLimiter } from '../../redis/src';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { AgentDefinition, AgentRegistry, ToolwrightModule } from '../src';

interface ChatContext {
  user: string;
}

/** Sent emails, one list per application instance. */
@Injectable()
class Outbox {
  readonly sent: string[] = [];
}

// Every tool of the toolkit: 2 calls a minute per user; send_sms its own 1 a minute.
@Toolkit()
@RateLimit<ChatContext>({ points: 2, durationMs: 60_000, key: (ctx) => ctx.context.user })
@Injectable()
class MessagingTools {
  constructor(private readonly outbox: Outbox) {}

  /** Send an email. */
  @Tool()
  sendEmail(@Param('to') to: string): string {
    this.outbox.sent.push(`email:${to}`);
    return `emailed ${to}`;
  }

  /** Send a text message. */
  @RateLimit<ChatContext>({ points: 1, durationMs: 60_000, key: (ctx) => ctx.context.user })
  @Tool()
  sendSms(@Param('to') to: string): string {
    this.outbox.sent.push(`sms:${to}`);
    return `texted ${to}`;
  }
}

@AgentDefinition({ name: 'messenger', tools: [MessagingTools] })
@Injectable()
class MessengerAgent {}

const REDIS = Symbol('REDIS');

/** What a controller does per request: the run's context from the request's user. */
@Injectable()
class ChatService {
  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
  ) {}

  chat(user: string, message: string) {
    return this.runner.run(this.agents.get('messenger'), message, { context: { user } });
  }
}

/** Calls `tool` once per run, then answers with its output. */
function oneCallModel(tool: string): ScriptedModel {
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    if (outputs.length === 0) return { toolCalls: [{ name: tool, arguments: { to: 'ann' } }] };
    return { text: String(outputs[0]!.output) };
  });
}

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

describeBackend(redisBackend, 'Rate limits in a Nest application', () => {
  let server: TestRedisServer;
  const apps: INestApplicationContext[] = [];
  const clients: Redis[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
  }, 30_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const client of clients) await client.quit();
    await server?.stop();
  });

  /** An application instance (a replica): its Redis connection provided by a module of its own. */
  async function replica(tool: string): Promise<INestApplicationContext> {
    @Global()
    @Module({
      providers: [{ provide: REDIS, useFactory: () => clients[clients.push(new Redis(server.url)) - 1] }],
      exports: [REDIS],
    })
    class RedisModule {}

    const app = await Test.createTestingModule({
      imports: [
        RedisModule,
        ToolwrightModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis) => ({ model: oneCallModel(tool), runner: { rateLimiter: redisRateLimiter({ client: redis }) }, logDiscovery: false }),
        }),
      ],
      providers: [Outbox, MessagingTools, MessengerAgent, ChatService],
    }).compile();
    app.useLogger(false);
    await app.init();
    apps.push(app);
    return app;
  }

  it("counts a toolkit's @RateLimit per user from the run's context, in the module's Redis, across two application instances", async () => {
    const [a, b] = [await replica('send_email'), await replica('send_email')];
    const answers = [];
    for (const app of [a, b, a]) answers.push((await app.get(ChatService).chat('ada', 'Email Ann.')).finalOutput);
    answers.push((await b.get(ChatService).chat('bob', 'Email Ann.')).finalOutput);
    expect(answers.slice(0, 2)).toEqual(['emailed ann', 'emailed ann']);
    expect(answers[2]).toMatch(/^Rate limit reached for send_email: 2 calls per minute per user; retry after \d+ s\./);
    expect(answers[3]).toBe('emailed ann');
    expect([...a.get(Outbox).sent, ...b.get(Outbox).sent]).toHaveLength(3);
  });

  it("a method's @RateLimit wins over the toolkit's", async () => {
    const app = await replica('send_sms');
    const first = await app.get(ChatService).chat('cy', 'Text Ann.');
    const second = await app.get(ChatService).chat('cy', 'Text Ann.');
    expect(first.finalOutput).toBe('texted ann');
    expect(second.finalOutput).toMatch(/^Rate limit reached for send_sms: 1 call per minute per user;/);
  });
});

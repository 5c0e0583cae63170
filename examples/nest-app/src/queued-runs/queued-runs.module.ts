import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RunWorker } from '@toolwright/bullmq';
import { ToolwrightQueueModule } from '@toolwright/bullmq/nestjs';
import { Runner } from '@toolwright/core';
import { AgentRegistry } from '@toolwright/nestjs';
import { RedisRunStore } from '@toolwright/redis';
import { runStateSecret } from '../runs/runs.service';
import { queueConfigFrom, type QueueConfig } from './queue-config';
import { QueuedRunsController } from './queued-runs.controller';

const QUEUE_CONFIG = Symbol('QUEUE_CONFIG');
const QUEUE_STORE = Symbol('QUEUE_STORE');

/**
 * This app's worker for the queued runs: the support agent and the app's Runner (both from
 * Toolwright's container, hence a provider rather than `forRoot({ worker })`). It starts with the
 * app and, on shutdown, finishes its runs in flight for SHUTDOWN_GRACE_MS, then gives the rest
 * back to the queue; the run store closes after it.
 */
@Injectable()
export class QueuedRunsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: RunWorker;

  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
    @Inject(QUEUE_CONFIG) private readonly config: QueueConfig,
    @Inject(QUEUE_STORE) private readonly store: RedisRunStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new RunWorker({ connection: this.config.connection, store: this.store, runner: this.runner, agents: [this.agents.get('support')], concurrency: 4 });
    await this.worker.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close({ graceMs: this.config.graceMs });
    await this.store.close();
  }
}

/**
 * Queued runs, on when REDIS_URL is set: `ToolwrightQueueModule.forRoot` (BullMQ through
 * `@nestjs/bullmq`) provides the `RunQueue`, the routes enqueue and stream runs, and a worker in
 * this app runs them. Without REDIS_URL the module is empty and the app runs as before.
 */
@Module({})
export class QueuedRunsModule {
  static fromEnv(env: NodeJS.ProcessEnv = process.env): DynamicModule {
    const config = queueConfigFrom(env);
    if (!config) return { module: QueuedRunsModule };
    // Paused runs wait here for approval; instances sharing the queue need the same RUN_STATE_SECRET.
    const store = new RedisRunStore({ url: config.url, secret: runStateSecret(env) });
    return {
      module: QueuedRunsModule,
      imports: [ToolwrightQueueModule.forRoot({ connection: config.connection, store })],
      controllers: [QueuedRunsController],
      providers: [{ provide: QUEUE_CONFIG, useValue: config }, { provide: QUEUE_STORE, useValue: store }, QueuedRunsWorker],
    };
  }
}

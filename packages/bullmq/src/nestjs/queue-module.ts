import type { DynamicModule, Provider } from '@nestjs/common';
import { loadOptionalPeer } from '@toolwright/core/extend';
import { Redis } from 'ioredis';
import { checkQueueName } from '../connection/queue-name';
import { RunQueue } from '../queue/run-queue';
import { RunWorker } from '../worker/run-worker';
import type { ToolwrightQueueModuleOptions } from './queue-module-options';

/** The injection token of the module's `RunWorker` (present when `forRoot` was given `worker`). */
export const TOOLWRIGHT_RUN_WORKER = Symbol.for('toolwright.bullmq.RunWorker');

/**
 * Runs on BullMQ in a NestJS application, built on `@nestjs/bullmq`: `BullModule.forRoot` with
 * the connection and `BullModule.registerQueue` for the runs' queue (so `@InjectQueue(name)` and
 * dashboards see it), `RunQueue` as an injectable provider, and, with `worker`, a `RunWorker`
 * closed gracefully on shutdown.
 *
 * @example
 * @Module({ imports: [ToolwrightQueueModule.forRoot({ connection: { host: 'localhost', port: 6379 }, store })] })
 * export class AppModule {}
 * // in a controller: constructor(private readonly queue: RunQueue) {}
 */
export class ToolwrightQueueModule {
  static forRoot(options: ToolwrightQueueModuleOptions): DynamicModule {
    const { BullModule } = loadOptionalPeer('@nestjs/bullmq', 'ToolwrightQueueModule', '@toolwright/bullmq', () => require('@nestjs/bullmq') as typeof import('@nestjs/bullmq'));
    const name = checkQueueName(options.queueName, 'ToolwrightQueueModule.forRoot({ queueName })');
    const connection = options.connection instanceof Redis ? options.connection : { ...options.connection };
    const providers: Provider[] = [
      { provide: RunQueue, useFactory: () => new RunQueue({ connection: options.connection, name, store: options.store }) },
      {
        provide: TOOLWRIGHT_RUN_WORKER,
        useFactory: () => {
          const w = options.worker;
          if (!w) return null;
          return new RunWorker({ connection: options.connection, store: options.store, runner: w.runner, agents: w.agents, queueName: name, ...(w.concurrency !== undefined ? { concurrency: w.concurrency } : {}), ...(w.leaseMs !== undefined ? { leaseMs: w.leaseMs } : {}), ...(w.workerOptions ? { workerOptions: w.workerOptions } : {}) });
        },
      },
      {
        provide: Symbol.for('toolwright.bullmq.lifecycle'),
        inject: [RunQueue, TOOLWRIGHT_RUN_WORKER],
        useFactory: (queue: RunQueue, worker: RunWorker | null) => ({
          async onApplicationShutdown(): Promise<void> {
            await worker?.close({ graceMs: options.worker?.graceMs ?? 30_000 });
            await queue.close();
          },
        }),
      },
    ];
    return {
      module: ToolwrightQueueModule,
      global: options.isGlobal ?? true,
      imports: [BullModule.forRoot({ connection: connection as never }), BullModule.registerQueue({ name })],
      providers,
      exports: [RunQueue, TOOLWRIGHT_RUN_WORKER, BullModule],
    };
  }
}

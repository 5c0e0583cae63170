/**
 * `@toolwright/bullmq/nestjs`: `ToolwrightQueueModule.forRoot({ connection, store })` on
 * `@nestjs/bullmq`, and `runEventsSse` for `@Sse()` routes. Needs `@nestjs/bullmq`,
 * `@nestjs/common` and `rxjs` (optional peers).
 */
export { ToolwrightQueueModule, TOOLWRIGHT_RUN_WORKER } from './nestjs/queue-module';
export type { ToolwrightQueueModuleOptions } from './nestjs/queue-module-options';
export { runEventsSse } from './nestjs/run-events-sse';
export type { RunSseMessage } from './nestjs/run-events-sse';

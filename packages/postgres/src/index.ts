export { PostgresRunStore } from './postgres-run-store';
export type { PostgresRunStoreOptions } from './postgres-run-store';
export { runStoreMigration, runStoreTables, DEFAULT_RUNS_TABLE } from './run-store-schema';
export type { RunStoreTables } from './run-store-schema';
export { postgresRateLimiter, DEFAULT_RATE_LIMIT_TABLE } from './postgres-rate-limiter';
export type { PostgresRateLimiter, PostgresRateLimiterOptions } from './postgres-rate-limiter';
export { runTimelineMigration, runTimelineTables } from './run-timeline-schema';
export type { RunTimelineTables } from './run-timeline-schema';

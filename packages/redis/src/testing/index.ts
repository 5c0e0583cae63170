export { startRedisServer } from './redis-server';
export type { TestRedisServer, TestRedisServerOptions } from './redis-server';

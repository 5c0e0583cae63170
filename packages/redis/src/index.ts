export { RedisRunStore } from './redis-run-store';
export type { RedisRunStoreOptions } from './redis-run-store';
export { DEFAULT_REDIS_PREFIX } from './redis-keys';
export { RedisConnectionError } from './redis-connection.error';
export { redisRateLimiter } from './redis-rate-limiter';
export type { RedisRateLimiter, RedisRateLimiterOptions } from './redis-rate-limiter';
export { RedisSession } from './redis-session';
export type { RedisSessionOptions } from './redis-session';

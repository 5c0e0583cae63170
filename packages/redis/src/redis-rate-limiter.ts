import { UserError, type RateLimiterBackend } from '@toolwright/core';
import { flexibleRateLimiter } from '@toolwright/core/extend';
import type { Redis, RedisOptions } from 'ioredis';
import { OwnedClient } from './owned-client';

/** Options of `redisRateLimiter(...)`: the client options `RedisRunStore` takes. */
export interface RedisRateLimiterOptions {
  /** A client of your own (never disconnected by the limiter). */
  client?: Redis;
  /** Otherwise a URL (`redis://host:6379/0`); the limiter makes a client (end it with `close()`). */
  url?: string;
  /** Further settings of the client the limiter makes. */
  redisOptions?: RedisOptions;
}

/** A Redis backend, and how to end the client it made. */
export type RedisRateLimiter = RateLimiterBackend & { close(): Promise<void> };

/**
 * Rate limits counted in Redis (rate-limiter-flexible's `RateLimiterRedis`: one atomic script per
 * call), shared by every replica using the same Redis. Redis counts windows in whole seconds: a
 * `durationMs` is rounded up to the next second.
 *
 * @example
 * const runner = new Runner({ model, rateLimiter: redisRateLimiter({ client: redis }),
 *   rateLimits: [rateLimit('send_*', { points: 5, durationMs: 60_000, key: (ctx) => ctx.context.userId })] });
 */
export function redisRateLimiter(options: RedisRateLimiterOptions): RedisRateLimiter {
  if (typeof options !== 'object' || options === null) throw new UserError('redisRateLimiter({ client }) needs an ioredis client ({ client }) or a URL ({ url }).');
  let owned: OwnedClient | undefined;
  let client: Redis;
  if (options.client !== undefined) {
    client = options.client;
  } else if (typeof options.url === 'string' && options.url !== '') {
    owned = new OwnedClient(options.url, options.redisOptions);
    client = owned.client;
  } else {
    throw new UserError('redisRateLimiter(): pass an ioredis client ({ client }) or a URL ({ url: "redis://localhost:6379" }).');
  }
  const { RateLimiterRedis } = require('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
  const backend = flexibleRateLimiter('redis', (o) => new RateLimiterRedis({ storeClient: client, ...o, duration: Math.max(1, Math.ceil(o.duration)) }));
  return {
    kind: backend.kind,
    consume: async (bucket, key) => {
      await owned?.ready();
      return backend.consume(bucket, key);
    },
    refund: async (bucket, key) => {
      await owned?.ready();
      return backend.refund(bucket, key);
    },
    close: async () => {
      await owned?.close();
    },
  };
}

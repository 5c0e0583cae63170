/**
 * One counter of a rate limit: the calls of one tool under one declaration. Its `id` is the same
 * in every process that declares the same limit, so replicas sharing a backend share the count.
 */
export interface RateLimitBucket {
  readonly id: string;
  readonly points: number;
  readonly durationMs: number;
}

/** A backend's answer: the call counts and may run, or it is over the limit until `retryAfterMs`. */
export type RateLimitVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * Where rate limits are counted: `memoryRateLimiter()` (one process), `redisRateLimiter({ client })`
 * (`@toolwright/redis`), `postgresRateLimiter({ pool })` (`@toolwright/postgres`); every replica
 * using the same Redis or PostgreSQL shares the counts. Build one with `flexibleRateLimiter`
 * (`@toolwright/core/extend`) from any rate-limiter-flexible limiter.
 */
export interface RateLimiterBackend {
  /** Named in messages: `memory`, `redis`, `postgres`... */
  readonly kind: string;
  /** Counts one call of `key` in `bucket`, atomically across everyone sharing the backend. */
  consume(bucket: RateLimitBucket, key: string): Promise<RateLimitVerdict>;
  /** Gives back a call counted by `consume` (the call was then refused by another limit). */
  refund(bucket: RateLimitBucket, key: string): Promise<void>;
}

/** Whether `value` looks like a {@link RateLimiterBackend}. @internal */
export function isRateLimiterBackend(value: unknown): value is RateLimiterBackend {
  const v = value as Partial<RateLimiterBackend> | null;
  return typeof v === 'object' && v !== null && typeof v.consume === 'function' && typeof v.refund === 'function' && typeof v.kind === 'string';
}

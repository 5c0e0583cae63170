import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { errorMessage } from '../errors/error-message';
import type { RateLimitBucket, RateLimiterBackend, RateLimitVerdict } from './rate-limiter-backend';

/** What a backend's factory is given to build the limiter of one bucket. */
export interface FlexibleLimiterOptions {
  /** Unique per bucket and the same in every process: pass it as the limiter's `keyPrefix`. */
  readonly keyPrefix: string;
  readonly points: number;
  /** The window in seconds (rate-limiter-flexible's unit), fractions kept. */
  readonly duration: number;
}

/**
 * A {@link RateLimiterBackend} on rate-limiter-flexible: `create` builds the limiter of one bucket
 * (`new RateLimiterRedis({ storeClient, ...options })`), once per bucket, on its first call.
 * A limiter that fails (its store is unreachable) rejects with an `Error` naming the backend:
 * the call is not let through uncounted.
 *
 * @example
 * const backend = flexibleRateLimiter('mongo', (o) => new RateLimiterMongo({ storeClient: mongo, ...o }));
 */
export function flexibleRateLimiter(kind: string, create: (options: FlexibleLimiterOptions) => RateLimiterAbstract): RateLimiterBackend {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (bucket: RateLimitBucket): RateLimiterAbstract => {
    let limiter = limiters.get(bucket.id);
    if (!limiter) {
      limiter = create({ keyPrefix: bucket.id, points: bucket.points, duration: bucket.durationMs / 1000 });
      limiters.set(bucket.id, limiter);
    }
    return limiter;
  };
  return {
    kind,
    async consume(bucket, key): Promise<RateLimitVerdict> {
      try {
        await limiterOf(bucket).consume(key);
        return { allowed: true };
      } catch (rejection) {
        if (isRes(rejection)) return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(rejection.msBeforeNext)) };
        throw new Error(`The ${kind} rate limiter could not count a call (${errorMessage(rejection)}); check that its store is reachable.`, { cause: rejection });
      }
    },
    async refund(bucket, key): Promise<void> {
      try {
        await limiterOf(bucket).reward(key);
      } catch {
        // A refund that fails leaves the call counted: the limit errs on the strict side.
      }
    },
  };
}

/** A limiter rejects with a `RateLimiterRes` when over the limit, with an `Error` when its store failed. */
function isRes(value: unknown): value is RateLimiterRes {
  return typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as RateLimiterRes).msBeforeNext === 'number';
}

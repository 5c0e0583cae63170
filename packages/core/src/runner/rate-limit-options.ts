import { UserError } from '../errors/user.error';
import { isRateLimitPolicy } from '../rate-limits/rate-limit-policy';
import { isRateLimiterBackend } from '../rate-limits/rate-limiter-backend';
import type { RunnerOptions } from './runner-options';

/** @internal `new Runner({ rateLimits, rateLimiter })`: policies made by `rateLimit(...)`, a backend. */
export function checkRateLimitOptions(options: RunnerOptions): void {
  const { rateLimits, rateLimiter } = options;
  if (rateLimits !== undefined && (!Array.isArray(rateLimits) || !rateLimits.every(isRateLimitPolicy))) {
    throw new UserError("new Runner({ rateLimits }): rateLimits must be an array of policies made by rateLimit(...), e.g. [rateLimit('send_*', { points: 5, durationMs: 60_000 })].");
  }
  if (rateLimiter !== undefined && !isRateLimiterBackend(rateLimiter)) {
    throw new UserError('new Runner({ rateLimiter }): rateLimiter must be a rate limiter backend: memoryRateLimiter(), redisRateLimiter({ client }) from @toolwright/redis, or postgresRateLimiter({ pool }) from @toolwright/postgres.');
  }
}

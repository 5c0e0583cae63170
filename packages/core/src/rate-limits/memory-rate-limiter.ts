import { lazyModule } from '../lazy/lazy-module';
import { flexibleRateLimiter } from './flexible-rate-limiter';
import type { RateLimiterBackend } from './rate-limiter-backend';

// rate-limiter-flexible, loaded by the first limit counted: runs without limits never load it.
const loadFlexible = lazyModule(() => require('rate-limiter-flexible') as typeof import('rate-limiter-flexible'));

/**
 * Rate limits counted in this process's memory (rate-limiter-flexible's `RateLimiterMemory`):
 * for one process. Replicas share limits through `redisRateLimiter` or `postgresRateLimiter`.
 *
 * @example
 * new Runner({ model, rateLimiter: memoryRateLimiter() });
 */
export function memoryRateLimiter(): RateLimiterBackend {
  return flexibleRateLimiter('memory', (options) => new (loadFlexible().RateLimiterMemory)(options));
}

let processDefault: RateLimiterBackend | undefined;

/**
 * The backend used where none is given (a Runner without `rateLimiter`, `executeToolCall`): one
 * memory backend per process, so a tool's own `rateLimit` holds across every runner and direct
 * call of the process. @internal
 */
export function defaultRateLimiter(): RateLimiterBackend {
  return (processDefault ??= memoryRateLimiter());
}

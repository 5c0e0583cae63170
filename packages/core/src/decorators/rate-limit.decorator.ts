import { UserError } from '../errors/user.error';
import { getMetadataStorage } from '../metadata/metadata-storage';
import type { RateLimitOptions } from '../contracts/rate-limit';
import { rateLimitProblem } from '../limits/rate-limit-problem';
import { enhancerTarget, type ClassOrMethodDecorator } from './enhancer-target';

/**
 * A rate limit on every tool of a toolkit class (each tool counted on its own), or on one method:
 * at most `points` calls per `durationMs`, per `key`. A method-level decorator beats a class-level
 * one; an explicit `@Tool({ rateLimit })` beats both. See `RateLimitOptions`.
 *
 * @example
 * @Toolkit()
 * @RateLimit({ points: 30, durationMs: 60_000, key: (ctx) => ctx.context.userId })
 * class CrmTools { ... }
 */
export function RateLimit<TContext = any>(limit: RateLimitOptions<TContext>): ClassOrMethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const at = enhancerTarget('@RateLimit', target, key);
    const problem = rateLimitProblem(limit);
    if (problem) throw new UserError(`${at.where}: ${problem.what}. Fix: ${problem.fix}.`);
    getMetadataStorage().collectEnhancer({ kind: 'rate-limit', target: at.target, method: at.method, limit: { ...limit } });
  }) as ClassOrMethodDecorator;
}

import { UserError } from '../errors/user.error';
import type { Tool } from '../contracts/tool';
import type { RateLimitOptions } from '../contracts/rate-limit';
import { rateLimitProblem } from '../limits/rate-limit-problem';
import { describePattern, toolNameMatcher, type ToolNamePattern } from '../approvals/tool-name-pattern';
import { annotationMatcher, isAnnotationFilter, type ToolAnnotationFilter } from '../approvals/annotation-filter';

/** A runner-wide rate limit (`new Runner({ rateLimits: [...] })`): the tools it covers, and the limit. */
export interface RateLimitPolicy<TContext = any> {
  /** `rateLimit(send_*)`, for messages and spans; part of the counter's identity across replicas. */
  readonly name: string;
  /** Whether the policy covers `tool`. */
  readonly covers: (tool: Tool) => boolean;
  readonly limit: Readonly<RateLimitOptions<TContext>>;
}

/**
 * A runner-wide rate limit on the tools that match, by name (a glob such as `send_*`, a RegExp, a
 * list of these, or a predicate) or by risk annotations (`{ openWorld: true }`, read with MCP's
 * defaults for undeclared ones). Each matching tool is counted on its own: `send_*` at 5 a minute
 * lets `send_email` and `send_sms` make 5 calls each. A tool's own `rateLimit` applies as well.
 *
 * @example
 * new Runner({ model, rateLimits: [
 *   rateLimit('send_*', { points: 5, durationMs: 60_000, key: (ctx) => ctx.context.userId }),
 *   rateLimit({ openWorld: true }, { points: 100, durationMs: 3_600_000, onLimit: 'wait', maxWaitMs: 30_000 }),
 * ] });
 */
export function rateLimit<TContext = any>(match: ToolNamePattern | ToolAnnotationFilter, limit: RateLimitOptions<TContext>): RateLimitPolicy<TContext> {
  const problem = rateLimitProblem(limit);
  if (problem) throw new UserError(`rateLimit(${typeof match === 'string' ? JSON.stringify(match) : '...'}, limit): ${problem.what}. Fix: ${problem.fix}.`);
  if (isAnnotationFilter(match)) {
    const matches = annotationMatcher(match, 'rateLimit');
    return { name: `rateLimit(${JSON.stringify(match)})`, covers: (tool) => matches(tool), limit: { ...limit } };
  }
  const matches = toolNameMatcher(match, 'rateLimit');
  return { name: `rateLimit(${describePattern(match)})`, covers: (tool) => matches(tool.name), limit: { ...limit } };
}

/** Whether `value` was made by {@link rateLimit}. @internal */
export function isRateLimitPolicy(value: unknown): value is RateLimitPolicy {
  const v = value as Partial<RateLimitPolicy> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.covers === 'function' && typeof v.limit === 'object';
}

import type { Agent } from '../agent/agent';
import type { Tool, ToolContext } from '../contracts/tool';
import { RunCancelledError } from '../errors/run-cancelled.error';
import { UserError } from '../errors/user.error';
import { ToolResult } from '../result/tool-result';
import { defaultRateLimiter } from '../rate-limits/memory-rate-limiter';
import { enforceRateLimits, limitsOf } from '../rate-limits/rate-limit-enforcement';
import { isRateLimitPolicy, type RateLimitPolicy } from '../rate-limits/rate-limit-policy';
import { isRateLimiterBackend, type RateLimiterBackend } from '../rate-limits/rate-limiter-backend';
import { delay } from '../util/delay';
import type { CallHost } from './call-host';

/** The rate limit options of `executeToolCall`'s host. */
export interface DirectRateLimits {
  rateLimiter?: RateLimiterBackend;
  rateLimits?: readonly RateLimitPolicy[];
}

/** The call as `executeToolCall` holds it once its arguments were validated. @internal */
export interface DirectCall {
  readonly callHost: CallHost;
  readonly agent: Agent<any>;
  readonly callId: string;
  readonly args: unknown;
  readonly signal: AbortSignal | undefined;
  readonly parent: ToolContext<any> | undefined;
}

/**
 * The rate limits of a call made by `executeToolCall`: the tool's own and the host's policies,
 * counted as a run counts them. Returns the answer of a limited call (`isError`), or `undefined`
 * when the call may run; nothing is loaded or awaited for a tool without limits. @internal
 */
export function directRateLimits(tool: Tool, host: DirectRateLimits, call: DirectCall): Promise<ToolResult | undefined> | undefined {
  const policies = host.rateLimits ?? [];
  if (!tool.rateLimit && policies.length === 0) return undefined;
  if (!Array.isArray(policies) || !policies.every(isRateLimitPolicy)) {
    throw new UserError('executeToolCall(tool, args, { rateLimits }): rateLimits must be an array of policies made by rateLimit(...).');
  }
  if (host.rateLimiter !== undefined && !isRateLimiterBackend(host.rateLimiter)) {
    throw new UserError('executeToolCall(tool, args, { rateLimiter }): rateLimiter must be a rate limiter backend such as memoryRateLimiter() or redisRateLimiter({ client }).');
  }
  const limits = limitsOf(tool, policies);
  if (limits.length === 0) return undefined;
  const { callHost, agent, callId, signal, parent } = call;
  const context = { context: callHost.runContext.context, usage: callHost.runContext.usage, toolName: tool.name, callId, agent, args: call.args };
  return enforceRateLimits(limits, tool, context, {
    backend: host.rateLimiter ?? defaultRateLimiter(),
    limited: (retryAfterMs, limit) =>
      callHost.emit?.({ type: 'tool_rate_limited', agent, toolName: tool.name, callId, retryAfterMs, limit: limit.words, onLimit: limit.options.onLimit ?? 'answer' }),
    wait: (ms) => delay(ms, signal).catch((reason: unknown) => {
      throw parent ? reason : new RunCancelledError(reason);
    }),
  }).then((refused) => (refused ? ToolResult.error(refused.text) : undefined));
}

import type { ToolResult } from '../../result/tool-result';
import { defaultRateLimiter } from '../../rate-limits/memory-rate-limiter';
import { enforceRateLimits, limitsOf, type RateLimitHost } from '../../rate-limits/rate-limit-enforcement';
import { delay } from '../../util/delay';
import { emitEvent } from '../run-environment';
import { answer, runs, type BatchCall, type CallVerdict } from './batch-call';
import type { BatchContext, BatchStage } from './batch-stage';

/**
 * The rate-limit stage, after validation and before duplicates and approvals (nobody is asked to
 * approve a call that cannot run): each call still to run is counted against its tool's own
 * `rateLimit` and the runner's `rateLimits` that cover it, in call order. A call over a limit is
 * answered with the limit and when to retry (`'answer'`), waits (`'wait'`, cancelled with the
 * run), or ends the run (`'fail'`: `RateLimitError`); each refusal emits `tool_rate_limited` and
 * a span event. The batch a resumed run starts with was counted before the run paused (its
 * limited calls keep their answers): it is not counted again. Without limits the stage is synchronous and counts nothing. @internal
 */
export const rateLimitStage: BatchStage = {
  name: 'rate-limits',
  review: (ctx, calls) => (ctx.batch !== ctx.env.resumedBatch && limitsMayApply(ctx, calls) ? review(ctx, calls) : undefined),
};

function limitsMayApply(ctx: BatchContext, calls: readonly BatchCall[]): boolean {
  if (ctx.env.rateLimits.length > 0) return true;
  for (const c of calls) if (c.answer === undefined && c.tool?.rateLimit !== undefined) return true;
  return false;
}

async function review(ctx: BatchContext, calls: readonly BatchCall[]): Promise<CallVerdict[] | undefined> {
  const { env, agent, batch } = ctx;
  let verdicts: CallVerdict[] | undefined;
  for (const c of calls) {
    const callId = c.call.callId;
    if (!runs(c) || batch.outputs.has(callId) || batch.nested?.has(callId)) continue;
    const limits = limitsOf(c.tool, env.rateLimits);
    if (limits.length === 0) continue;
    const host: RateLimitHost = {
      backend: env.rateLimiter ?? defaultRateLimiter(),
      limited: (retryAfterMs, limit) => {
        emitEvent(env, { type: 'tool_rate_limited', agent, toolName: c.tool.name, callId, retryAfterMs, limit: limit.words, onLimit: limit.options.onLimit ?? 'answer' });
        env.lifecycle?.tracer?.event('toolwright.rate_limited', {
          'gen_ai.tool.name': c.tool.name,
          'gen_ai.tool.call.id': callId,
          'toolwright.rate_limit.limit': limit.words,
          'toolwright.rate_limit.retry_after_ms': retryAfterMs,
        });
      },
      wait: (ms) => env.cancellation.race(delay(ms, env.signal)),
    };
    const keyContext = { context: env.runContext.context, usage: env.runContext.usage, toolName: c.tool.name, callId, agent, args: c.args };
    const refused: ToolResult | undefined = await enforceRateLimits(limits, c.tool, keyContext, host);
    if (refused) (verdicts ??= []).push(answer(c.index, refused, false, 'rate_limited'));
  }
  return verdicts;
}

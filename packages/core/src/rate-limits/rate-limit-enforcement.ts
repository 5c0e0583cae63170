import type { Tool } from '../contracts/tool';
import type { RateLimitKeyContext, RateLimitOptions } from '../contracts/rate-limit';
import { RateLimitError } from '../errors/rate-limit.error';
import { ToolCallError } from '../errors/tool-call.error';
import { errorMessage } from '../errors/error-message';
import { nodeCrypto } from '../lazy/node-crypto';
import { ToolResult } from '../result/tool-result';
import type { RateLimitPolicy } from './rate-limit-policy';
import type { RateLimitBucket, RateLimiterBackend } from './rate-limiter-backend';
import { rateLimitKey } from './rate-limit-key';
import { limitedMessage, limitInWords } from './rate-limit-text';

/** One limit applying to a tool: its options, its counter, its words and where it was declared. @internal */
export interface AppliedLimit {
  readonly options: Readonly<RateLimitOptions>;
  readonly bucket: RateLimitBucket;
  /** `5 calls per minute per user`. */
  readonly words: string;
  /** `tool "send_email" (5 calls per minute per user)`, or the policy's name, for error messages. */
  readonly where: string;
}

/** Where limits are counted and how a limited call is reported and waited on. @internal */
export interface RateLimitHost {
  readonly backend: RateLimiterBackend;
  /** Reports a limited call (the `tool_rate_limited` event). */
  limited(retryAfterMs: number, limit: AppliedLimit): void;
  /** Waits `ms` (for `onLimit: 'wait'`); rejects when the run or call is cancelled. */
  wait(ms: number): Promise<void>;
}

const ownLimits = new WeakMap<object, AppliedLimit>();

/**
 * The limits of a call of `tool`: its own `rateLimit`, then each policy covering it, in order.
 * Empty (and allocation-free) for the common tool without limits under no policies. @internal
 */
export function limitsOf(tool: Tool, policies: readonly RateLimitPolicy[]): readonly AppliedLimit[] {
  let out: AppliedLimit[] | undefined;
  if (tool.rateLimit) {
    let own = ownLimits.get(tool.rateLimit);
    if (!own) {
      own = applied(tool.rateLimit, tool.name, 'tool', `tool "${tool.name}"`);
      ownLimits.set(tool.rateLimit, own);
    }
    out = [own];
  }
  for (const policy of policies) {
    if (policy.covers(tool)) (out ??= []).push(applied(policy.limit, tool.name, tag(policy.name), `${policy.name} on tool "${tool.name}"`));
  }
  return out ?? NONE;
}

const NONE: readonly AppliedLimit[] = Object.freeze([]);

function applied(options: Readonly<RateLimitOptions>, toolName: string, scope: string, where: string): AppliedLimit {
  const words = limitInWords(options);
  return {
    options,
    bucket: { id: `toolwright:rl:${toolName}:${options.points}:${options.durationMs}:${scope}`, points: options.points, durationMs: options.durationMs },
    words,
    where: `${where} (${words})`,
  };
}

/** A policy's name as part of a counter's id: short and store-safe (hashed otherwise). */
function tag(name: string): string {
  return `p.${nodeCrypto().createHash('sha256').update(name).digest('base64url').slice(0, 16)}`;
}

/**
 * Counts a call against each of its limits, in order. Returns `undefined` when every limit lets it
 * through; the model's answer (the call does not run) when one refuses with `onLimit: 'answer'`,
 * or with `'wait'` once `maxWaitMs` would be passed; throws `RateLimitError` with `'fail'`. A
 * limit that refuses gives back the calls counted by the limits before it. Keys are computed
 * first, so a key function that throws counts nothing. @internal
 */
export async function enforceRateLimits(limits: readonly AppliedLimit[], tool: Tool, ctx: RateLimitKeyContext, host: RateLimitHost): Promise<ToolResult | undefined> {
  const keys = limits.map((limit) => rateLimitKey(limit.options.key, ctx, limit.where));
  for (let i = 0; i < limits.length; i++) {
    const limit = limits[i]!;
    const refused = await consumeOrWait(limit, keys[i]!, tool, ctx.callId, host);
    if (refused === undefined) continue;
    for (let j = 0; j < i; j++) await host.backend.refund(limits[j]!.bucket, keys[j]!);
    if (limit.options.onLimit === 'fail') throw new RateLimitError(tool.name, ctx.callId, refused, limit.words);
    return ToolResult.text(limitedMessage(tool.name, limit.words, refused));
  }
  return undefined;
}

/** Counts the call; `undefined` once it is let through, else how long until it would be. */
async function consumeOrWait(limit: AppliedLimit, key: string, tool: Tool, callId: string, host: RateLimitHost): Promise<number | undefined> {
  const waits = limit.options.onLimit === 'wait';
  const deadline = waits ? Date.now() + (limit.options.maxWaitMs ?? limit.options.durationMs) : 0;
  for (;;) {
    let verdict;
    try {
      verdict = await host.backend.consume(limit.bucket, key);
    } catch (error) {
      throw new ToolCallError(`Tool "${tool.name}" (call ${callId}) was not run: ${errorMessage(error)} (limit: ${limit.where}).`, tool.name, callId, error);
    }
    if (verdict.allowed) return undefined;
    host.limited(verdict.retryAfterMs, limit);
    if (!waits || Date.now() + verdict.retryAfterMs > deadline) return verdict.retryAfterMs;
    await host.wait(verdict.retryAfterMs);
  }
}

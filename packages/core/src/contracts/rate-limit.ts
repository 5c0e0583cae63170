import type { AgentRef as Agent } from './class-refs';
import type { RunContext } from './run-context';

/**
 * What happens to a call over its limit: `'answer'` (default) — the model is told the limit and
 * when to retry, and the run goes on; `'wait'` — the call waits until the limit lets it through
 * (at most `maxWaitMs`, cancelled with the run); `'fail'` — the run ends with `RateLimitError`.
 */
export type RateLimitBehaviour = 'answer' | 'wait' | 'fail';

/** What a rate limit's `key` function sees of a call (validated arguments included). */
export interface RateLimitKeyContext<TContext = any> extends RunContext<TContext> {
  toolName: string;
  callId: string;
  /** The agent whose turn made the call. */
  agent: Agent<TContext>;
  /** The validated arguments (optional fields absent). */
  args: unknown;
}

/**
 * A rate limit: at most `points` calls per `durationMs` (a fixed window that starts with its first
 * call), counted per `key` when one is given (per user, per tenant...), else for everyone.
 */
export interface RateLimitOptions<TContext = any> {
  /** Calls allowed per window: a positive integer. */
  points: number;
  /** The window, in milliseconds: a positive integer (at most 2^31−1). */
  durationMs: number;
  /**
   * Whose calls count together, e.g. `(ctx) => ctx.context.userId`: a non-empty string or a
   * finite number. Long or unusual keys are hashed. Without it, every call counts together.
   */
  key?: (ctx: RateLimitKeyContext<TContext>) => string | number;
  /** What the key stands for, in the model's message ("5 calls per minute per user"): default `user`. */
  per?: string;
  /** Default `'answer'`. */
  onLimit?: RateLimitBehaviour;
  /** With `onLimit: 'wait'`: the longest a call waits, in milliseconds (default `durationMs`); past it the call is answered as with `'answer'`. */
  maxWaitMs?: number;
}

import { UserError } from '@toolwright/core';
import { MAX_TIME_LIMIT_MS, timeLimitProblem } from '@toolwright/core/extend';

/**
 * Checks a sandbox time limit (`defaultTimeoutMs`, `maxTimeoutMs`, a command's `timeoutMs`, a
 * file operation's deadline): a positive integer number of milliseconds up to 2^31−1, the
 * longest a timer can wait (Node fires a longer one after 1 ms). Unlike a tool's, it cannot be
 * `Infinity` or `null`: a sandboxed command always has a time limit, so that a command that never
 * ends cannot hold its process, container or SSH channel for good. Throws `UserError` naming
 * `what` and the range. @internal
 */
export function checkCommandTimeLimit(value: unknown, what: string): number {
  if (typeof value === 'number' && value !== Infinity && timeLimitProblem(value) === undefined) return value;
  const shown = typeof value === 'number' || value === null ? String(value) : typeof value;
  throw new UserError(
    `${what} must be a positive integer number of milliseconds up to ${MAX_TIME_LIMIT_MS} (2^31−1, about 24.8 days) (got ${shown}). ` +
      'A sandboxed command always has a time limit: Infinity and null are refused; pass a long finite limit instead.',
  );
}

/** `ms` plus `extraMs`, kept within what a timer can wait (a tool's limit a little above a command's). @internal */
export function timeLimitAbove(ms: number, extraMs: number): number {
  return Math.min(ms + extraMs, MAX_TIME_LIMIT_MS);
}

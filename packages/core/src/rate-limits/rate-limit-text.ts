import type { RateLimitOptions } from '../contracts/rate-limit';

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/**
 * A limit in words, the unit taken from `durationMs`: `5 calls per minute per user`,
 * `1 call per 2 hours`, `3 calls per 1.5 seconds`, `10 calls per 250 ms`. @internal
 */
export function limitInWords(limit: Pick<RateLimitOptions, 'points' | 'durationMs' | 'key' | 'per'>): string {
  const calls = `${limit.points} call${limit.points === 1 ? '' : 's'}`;
  const who = limit.key ? ` per ${limit.per ?? 'user'}` : '';
  return `${calls} per ${windowInWords(limit.durationMs)}${who}`;
}

function windowInWords(ms: number): string {
  for (const [size, unit] of UNITS) {
    if (ms % size === 0) {
      const n = ms / size;
      return n === 1 ? unit : `${n} ${unit}s`;
    }
  }
  if (ms < 1_000) return `${ms} ms`;
  return `${Number((ms / 1_000).toFixed(3))} seconds`;
}

/** Seconds to wait, rounded up (at least 1). @internal */
export function retrySeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1_000));
}

/** What the model is told about a limited call. @internal */
export function limitedMessage(toolName: string, words: string, retryAfterMs: number): string {
  return `Rate limit reached for ${toolName}: ${words}; retry after ${retrySeconds(retryAfterMs)} s. The call did not run. Do not call ${toolName} again before then; go on without it or tell the user.`;
}

/**
 * The longest delay a timer can wait: 2^31−1 ms, about 24.8 days. Node fires a longer one after
 * 1 ms, so a longer time limit cannot be honoured and is refused; `Infinity` (or `null`) means none.
 */
export const MAX_TIME_LIMIT_MS = 2 ** 31 - 1;

/**
 * What is wrong with `value` as a time limit in milliseconds, or `undefined` when it is one: a
 * positive integer up to {@link MAX_TIME_LIMIT_MS}, `Infinity` or `null` (no limit).
 */
export function timeLimitProblem(value: unknown): string | undefined {
  if (value === null || value === Infinity) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_TIME_LIMIT_MS) return undefined;
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
  return (
    `must be a positive integer number of milliseconds up to ${MAX_TIME_LIMIT_MS} (2^31−1, about 24.8 days), or Infinity / null for no limit; got ${shown}`
  );
}

/** The limit a call runs with: the tool's own, else the host's default; `Infinity` when there is none. @internal */
export function effectiveTimeLimit(own: number | null | undefined, fallback: number | null | undefined): number {
  const value = own === undefined ? fallback : own;
  return value === null || value === undefined ? Infinity : value;
}

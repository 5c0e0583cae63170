// The check of a rate limit's options, as a problem and its fix (the caller says where it was given).

const MAX_WINDOW_MS = 2 ** 31 - 1;
const BEHAVIOURS: readonly string[] = ['answer', 'wait', 'fail'];
const KNOWN_KEYS: ReadonlySet<string> = new Set(['points', 'durationMs', 'key', 'per', 'onLimit', 'maxWaitMs']);

/** What is wrong with rate limit options, and how to fix it; `undefined` when they are fine. @internal */
export function rateLimitProblem(options: unknown): { what: string; fix: string } | undefined {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return { what: `rateLimit must be an object, got ${describe(options)}`, fix: 'pass e.g. rateLimit: { points: 5, durationMs: 60_000 }' };
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KNOWN_KEYS.has(key)) return { what: `rateLimit has an unknown option "${key.slice(0, 40)}"`, fix: `use ${[...KNOWN_KEYS].join(', ')}` };
  }
  if (!isCount(o.points, Number.MAX_SAFE_INTEGER)) {
    return { what: `rateLimit.points must be a positive integer, got ${describe(o.points)}`, fix: 'pass the calls allowed per window, e.g. points: 5' };
  }
  if (!isCount(o.durationMs, MAX_WINDOW_MS)) {
    return { what: `rateLimit.durationMs must be a positive integer number of milliseconds up to 2^31−1, got ${describe(o.durationMs)}`, fix: 'pass the window, e.g. durationMs: 60_000 for a minute' };
  }
  if (o.key !== undefined && typeof o.key !== 'function') {
    return { what: `rateLimit.key must be a function, got ${describe(o.key)}`, fix: 'pass e.g. key: (ctx) => ctx.context.userId, or leave it out to count every call together' };
  }
  if (o.per !== undefined && (typeof o.per !== 'string' || !/^[\p{L}\p{N} _-]{1,40}$/u.test(o.per))) {
    return { what: `rateLimit.per must be a short word naming the key (letters, digits, spaces, up to 40), got ${describe(o.per)}`, fix: "pass e.g. per: 'tenant'" };
  }
  if (o.per !== undefined && o.key === undefined) {
    return { what: 'rateLimit.per names a key, but the limit has no key function', fix: "add key: (ctx) => ..., or leave per out" };
  }
  if (o.onLimit !== undefined && !BEHAVIOURS.includes(o.onLimit as string)) {
    return { what: `rateLimit.onLimit must be "answer", "wait" or "fail", got ${describe(o.onLimit)}`, fix: 'pick one of the three' };
  }
  if (o.maxWaitMs !== undefined && (o.onLimit !== 'wait' || !isCount(o.maxWaitMs, MAX_WINDOW_MS))) {
    return o.onLimit !== 'wait'
      ? { what: 'rateLimit.maxWaitMs is set but onLimit is not "wait"', fix: "add onLimit: 'wait', or leave maxWaitMs out" }
      : { what: `rateLimit.maxWaitMs must be a positive integer number of milliseconds up to 2^31−1, got ${describe(o.maxWaitMs)}`, fix: 'pass e.g. maxWaitMs: 30_000' };
  }
  return undefined;
}

function isCount(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** The longest wait between two connection attempts. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The wait before retry number `attempt` (0-based): the base doubled per attempt, capped at
 * 30 s, then jittered into [d/2, d] so that many clients do not retry in step. @internal
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const full = Math.min(baseMs * 2 ** Math.max(0, attempt), MAX_RETRY_DELAY_MS);
  return full / 2 + random() * (full / 2);
}

/** Resolves after `ms`, or at once when `signal` aborts. @internal */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

import { APICallError } from '@ai-sdk/provider';
import { abortReason } from '../errors/to-model-error';

/** The longest wait between two attempts, whatever the server asks for. */
const MAX_DELAY_MS = 60_000;

/**
 * Runs `attempt`, and again (up to `maxRetries` more times) while it fails with an API error the
 * provider package marks retryable (429, 5xx, 408/409, a connection that could not be made). The
 * wait honours the server's `retry-after-ms` / `retry-after` headers (at most a minute), else
 * doubles from half a second; the run's signal ends it at once. The provider packages leave
 * retrying to their callers (the AI SDK does it in `generateText`), so this is Toolwright's.
 */
export async function withRetries<T>(attempt: () => Promise<T>, maxRetries: number, signal: AbortSignal | undefined): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= maxRetries || signal?.aborted || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await sleep(delayOf(error, retry), signal);
    }
  }
}

/** How long to wait before retry number `retry` (0-based). */
function delayOf(error: APICallError, retry: number): number {
  const headers: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(error.responseHeaders ?? {})) headers[key.toLowerCase()] = value;
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_DELAY_MS);
  const after = headers['retry-after'];
  if (after !== undefined) {
    const seconds = Number(after);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_DELAY_MS);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), MAX_DELAY_MS);
  }
  return Math.min(500 * 2 ** retry, 8_000);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

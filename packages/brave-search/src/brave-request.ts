import { BraveSearchError } from './brave-search.error';
import type { ResolvedBraveSearchOptions } from './brave-search-options';
import { errorBodyExcerpt, MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES, readBoundedText } from './bounded-body';
import { retryAfterMs } from './retry-after';

/**
 * Sends one search to Brave's Web Search API and returns the body of its 200 answer.
 *
 * `GET <endpoint>?q=<query>&count=<n>[&country&search_lang&safesearch&freshness]` with
 * `Accept: application/json` and `X-Subscription-Token`. The whole exchange, a retry included,
 * fits in `options.timeoutMs`; `signal` (the run's) cancels it. A 429 is retried once when its
 * `Retry-After` ends within that budget. Redirects are refused, so the token is never sent to
 * another host.
 */
export async function requestSearch(options: ResolvedBraveSearchOptions, query: string, signal: AbortSignal): Promise<string> {
  const deadline = Date.now() + options.timeoutMs;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  const url = searchUrl(options, query);
  try {
    let response = await send(options, url, combined);
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (wait !== undefined && Date.now() + wait < deadline) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(wait, combined);
        response = await send(options, url, combined);
      }
    }
    if (response.status !== 200) {
      const body = await readBoundedText(response, MAX_ERROR_BODY_BYTES * 4, true);
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      throw new BraveSearchError(`bravesearch: API returned ${status}: ${errorBodyExcerpt(body)}`, { status: response.status });
    }
    return await readBoundedText(response, MAX_BODY_BYTES, false);
  } catch (error) {
    // The run was cancelled: let its reason through, untouched.
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) throw new BraveSearchError(`bravesearch: no answer within ${options.timeoutMs} ms`, { cause: error });
    if (error instanceof BraveSearchError) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : String((error as Error)?.message ?? error);
    throw new BraveSearchError(`bravesearch: request failed: ${cause}`, { cause: error });
  }
}

/** The request URL: the endpoint (its own query kept), `q`, `count`, then the fixed parameters. */
export function searchUrl(options: ResolvedBraveSearchOptions, query: string): URL {
  const url = new URL(options.endpoint);
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(options.count));
  for (const [name, value] of options.fixedParams) url.searchParams.set(name, value);
  return url;
}

function send(options: ResolvedBraveSearchOptions, url: URL, signal: AbortSignal): Promise<Response> {
  return options.fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', 'X-Subscription-Token': options.apiKey },
    redirect: 'error',
    signal,
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

import { UserError } from '@toolwright/core';

/** Brave's public Web Search endpoint. */
export const BRAVE_WEB_SEARCH_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';
/** Results requested when `count` is not given or is zero or less. */
export const DEFAULT_RESULT_COUNT = 5;
/** The most results Brave returns for one request. */
export const MAX_RESULT_COUNT = 20;
/** The default time budget of one search, retry included. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Brave's adult-content filter. */
export type BraveSafeSearch = 'off' | 'moderate' | 'strict';

/** Options of `new BraveSearchToolkit(...)`. Everything but the query is fixed here, never by the model. */
export interface BraveSearchOptions {
  /** The subscription token; default: the `BRAVE_API_KEY` environment variable. */
  apiKey?: string;
  /** Results per search, 1–20 (default 5; zero or less → 5, more than 20 → 20). */
  count?: number;
  /** Country of the results: a 2-letter code (`DE`) or `ALL`. Sent only when set. */
  country?: string;
  /** Language of the results (`en`, `pt-br`, ...). Sent only when set. */
  searchLang?: string;
  /** Adult-content filter. Sent only when set (Brave's default is `moderate`). */
  safeSearch?: BraveSafeSearch;
  /** Age of the results: `pd`, `pw`, `pm`, `py` or a range `YYYY-MM-DDtoYYYY-MM-DD`. Sent only when set. */
  freshness?: string;
  /** The API URL (default {@link BRAVE_WEB_SEARCH_ENDPOINT}); tests point it at a local server. */
  endpoint?: string;
  /** The `fetch` to use (default the global one), e.g. one with a proxy agent. */
  fetch?: typeof fetch;
  /** Time budget of one search in milliseconds, a 429 retry included (default 30,000). */
  timeoutMs?: number;
}

/** The options after checking, with defaults applied. @internal */
export interface ResolvedBraveSearchOptions {
  apiKey: string;
  count: number;
  endpoint: URL;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Brave query parameters fixed by the options, in the order they are sent. */
  fixedParams: Array<[string, string]>;
}

const COUNTRY = /^(?:[A-Za-z]{2}|ALL)$/;
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z]{2,4})?$/;
const FRESHNESS = /^(?:pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/;
const SAFE_SEARCH: ReadonlySet<string> = new Set(['off', 'moderate', 'strict']);

/**
 * Checks the options and applies the defaults. Every problem is a `UserError` naming the option
 * and the fix; a missing key says where a key is looked for.
 */
export function resolveBraveSearchOptions(options: BraveSearchOptions, env: NodeJS.ProcessEnv = process.env): ResolvedBraveSearchOptions {
  if (typeof options !== 'object' || options === null) {
    throw new UserError('new BraveSearchToolkit(options): options must be an object, e.g. { count: 5 }.');
  }
  const apiKey = (options.apiKey ?? '').trim() || (env.BRAVE_API_KEY ?? '').trim();
  if (!apiKey) throw new UserError('bravesearch: no API key (set options.apiKey or BRAVE_API_KEY)');
  if (/[\r\n]/.test(apiKey)) throw new UserError('bravesearch: the API key contains a line break; pass the token exactly as Brave shows it.');

  const fixedParams: Array<[string, string]> = [];
  const add = (name: string, value: string | undefined, pattern: RegExp | ReadonlySet<string>, option: string, example: string): void => {
    if (value === undefined || value === '') return;
    const ok = typeof value === 'string' && (pattern instanceof RegExp ? pattern.test(value) : pattern.has(value));
    if (!ok) throw new UserError(`new BraveSearchToolkit({ ${option} }): ${JSON.stringify(value)} is not valid. Fix: ${example}.`);
    fixedParams.push([name, value]);
  };
  add('country', options.country, COUNTRY, 'country', "a 2-letter country code or 'ALL', e.g. country: 'DE'");
  add('search_lang', options.searchLang, LANGUAGE, 'searchLang', "a language code, e.g. searchLang: 'en' or 'pt-br'");
  add('safesearch', options.safeSearch, SAFE_SEARCH, 'safeSearch', "'off', 'moderate' or 'strict'");
  add('freshness', options.freshness, FRESHNESS, 'freshness', "'pd', 'pw', 'pm', 'py' or a range like '2024-01-01to2024-06-30'");

  return {
    apiKey,
    count: resolveCount(options.count),
    endpoint: resolveEndpoint(options.endpoint),
    fetch: resolveFetch(options.fetch),
    timeoutMs: resolveTimeout(options.timeoutMs),
    fixedParams,
  };
}

/** `count` clamped to 1–20: not given, zero or less → 5; more than 20 → 20. */
export function resolveCount(count: number | undefined): number {
  if (count === undefined) return DEFAULT_RESULT_COUNT;
  if (typeof count !== 'number' || Number.isNaN(count)) {
    throw new UserError(`new BraveSearchToolkit({ count }): count must be a number of results (1–20), got ${String(count)}.`);
  }
  if (count <= 0) return DEFAULT_RESULT_COUNT;
  if (count > MAX_RESULT_COUNT) return MAX_RESULT_COUNT;
  return Math.max(1, Math.floor(count));
}

function resolveEndpoint(endpoint: string | undefined): URL {
  const text = endpoint ?? BRAVE_WEB_SEARCH_ENDPOINT;
  let url: URL | undefined;
  try {
    url = typeof text === 'string' ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new UserError(`new BraveSearchToolkit({ endpoint }): ${JSON.stringify(text)} is not an http(s) URL. Fix: leave it out for ${BRAVE_WEB_SEARCH_ENDPOINT}.`);
  }
  return url;
}

function resolveFetch(fetchFn: typeof fetch | undefined): typeof fetch {
  if (fetchFn !== undefined && typeof fetchFn !== 'function') throw new UserError('new BraveSearchToolkit({ fetch }): fetch must be a function with the signature of the global fetch.');
  const resolved = fetchFn ?? globalThis.fetch;
  if (typeof resolved !== 'function') throw new UserError('new BraveSearchToolkit(): no global fetch in this runtime (Node 18+ has one); pass options.fetch.');
  return resolved;
}

function resolveTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new UserError(`new BraveSearchToolkit({ timeoutMs }): timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}.`);
  }
  return timeoutMs;
}

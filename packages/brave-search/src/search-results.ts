import { BraveSearchError } from './brave-search.error';
import { clip, htmlToText } from './html-text';

/** The longest title, URL and description kept per result (longer ones are cut with `…`). */
export const RESULT_FIELD_LIMITS = Object.freeze({ title: 300, url: 2_048, description: 1_000 });

/** One web result, as text: tags and entities cleaned, lengths bounded. */
export interface BraveWebResult {
  title: string;
  url: string;
  description: string;
  /** Brave's human-readable age ("2 days ago"), when given. */
  age?: string;
}

/** What one search returned, for `ToolResult.details`. */
export interface BraveSearchDetails extends Record<string, unknown> {
  query: string;
  /** The query Brave actually searched, when its spellchecker changed it. */
  alteredQuery?: string;
  moreResultsAvailable?: boolean;
  results: BraveWebResult[];
}

/**
 * Reads the web results out of a Brave Web Search response (the `web.results` list; other
 * verticals are ignored). Entries without a string title and URL are skipped; at most `limit`
 * are kept. A body that is not a JSON object is a `BraveSearchError`.
 */
export function parseSearchResponse(body: string, query: string, limit: number): BraveSearchDetails {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new BraveSearchError(`bravesearch: decoding response: the API did not return JSON (${(error as Error).message})`, { cause: error });
  }
  if (!isObject(value)) throw new BraveSearchError('bravesearch: decoding response: expected a JSON object with a "web" field');
  const details: BraveSearchDetails = { query, results: [] };
  if (isObject(value.query)) {
    if (typeof value.query.altered === 'string' && value.query.altered.trim() !== '') details.alteredQuery = clip(value.query.altered.trim(), 400);
    if (typeof value.query.more_results_available === 'boolean') details.moreResultsAvailable = value.query.more_results_available;
  }
  const raw = isObject(value.web) && Array.isArray(value.web.results) ? value.web.results : [];
  for (const entry of raw) {
    if (details.results.length >= limit) break;
    if (!isObject(entry) || typeof entry.title !== 'string' || typeof entry.url !== 'string') continue;
    const result: BraveWebResult = {
      title: clip(htmlToText(entry.title), RESULT_FIELD_LIMITS.title),
      url: clip(entry.url.trim().replace(/\s+/g, '%20'), RESULT_FIELD_LIMITS.url),
      description: typeof entry.description === 'string' ? clip(htmlToText(entry.description), RESULT_FIELD_LIMITS.description) : '',
    };
    if (typeof entry.age === 'string' && entry.age.trim() !== '') result.age = clip(entry.age.trim(), 64);
    details.results.push(result);
  }
  return details;
}

/**
 * The text the model sees: one numbered entry per result — title, then the URL and the
 * description (left out when empty) indented by three spaces — or `No results found.`.
 */
export function formatResults(results: readonly BraveWebResult[]): string {
  if (results.length === 0) return 'No results found.';
  let text = '';
  results.forEach((r, i) => {
    text += `${i + 1}. ${r.title}\n   ${r.url}\n`;
    if (r.description !== '') text += `   ${r.description}\n`;
  });
  return text.replace(/\n+$/, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

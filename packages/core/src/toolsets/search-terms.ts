import { splitCamelCase } from '../util/camel-case';

/**
 * English function words that say nothing about what a tool does. They are neither indexed nor
 * searched: in a large catalogue each of them is in most descriptions, so matching them costs a
 * pass over most of the catalogue for no ranking signal. Words that can carry meaning in tool
 * names (`on`, `off`, `not`, `all`, `up`, `down`, `new`) are deliberately absent. @internal
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'into', 'to', 'for', 'and', 'or', 'by', 'with', 'from', 'at', 'as',
  'is', 'are', 'was', 'were', 'be', 'been', 'it', 'its', 'this', 'that', 'these', 'those',
  'your', 'my', 'our', 'their', 'which', 'whose',
]);

/** Splits on whitespace, punctuation (`_`, `-`, `.` included) and symbols (backticks, `+`, `|`, …). */
const SEPARATORS = /[\s\p{Z}\p{P}\p{S}]+/u;
const UPPER = /[A-Z]/;

/**
 * The search terms of a text, in order, repeats kept: identifiers are split into words
 * (`createCalendarEvent` → create, calendar, event), everything is lower-cased, and stop words
 * are dropped. Documents and queries go through this same function. @internal
 */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  const push = (word: string): void => {
    const term = word.toLowerCase();
    if (!STOP_WORDS.has(term)) out.push(term);
  };
  for (const token of text.split(SEPARATORS)) {
    if (token === '') continue;
    if (UPPER.test(token)) splitCamelCase(token).forEach(push);
    else push(token);
  }
  return out;
}

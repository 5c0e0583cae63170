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

/** Any character outside ASCII: such a text takes the general path. */
const NON_ASCII = /[^\0-\x7f]/;
/**
 * For ASCII text, one split at once at separators and at camelCase boundaries: the ASCII
 * characters `SEPARATORS` matches (tab to carriage return, space, and every printable character
 * but letters and digits; the other control characters are word characters, as there), and
 * `splitCamelCase`'s boundaries, which fall only between letters and digits, so never at a
 * separator.
 */
const ASCII_SPLIT = /[\t-\r !-/:-@[-`{-~]+|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/;

/**
 * The search terms of a text, in order, repeats kept: identifiers are split into words
 * (`createCalendarEvent` → create, calendar, event), everything is lower-cased, and stop words
 * are dropped. Documents and queries go through this same function. ASCII text (nearly every
 * tool's name and description) is split by one regular expression; other text takes
 * {@link unicodeSearchTerms}, with the same result. @internal
 */
export function searchTerms(text: string): string[] {
  if (NON_ASCII.test(text)) return unicodeSearchTerms(text);
  const out: string[] = [];
  const pieces = text.split(ASCII_SPLIT);
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const term = piece.toLowerCase();
    if (!STOP_WORDS.has(term)) out.push(term);
  }
  return out;
}

/** {@link searchTerms} for any text: Unicode separators, then camelCase words of each token. @internal */
export function unicodeSearchTerms(text: string): string[] {
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

import { TOOLWRIGHT_LIMITS } from './limits';

/** `12345` → `12,345` (counts in messages). @internal */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The first `max` UTF-16 code units of `text`, never splitting a surrogate pair (a cut that
 * would leave half a pair keeps one unit fewer). @internal
 */
export function prefixOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** The last `max` UTF-16 code units of `text`, never starting inside a surrogate pair. @internal */
export function suffixOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - Math.max(0, max);
  const first = text.charCodeAt(start);
  if (first >= 0xdc00 && first <= 0xdfff) start++;
  return text.slice(start);
}

/**
 * `text` as it is when it has at most `max` characters; otherwise its start, an ellipsis and its
 * full length: `"aaaa…" (1,048,576 characters)` reads as `aaaa… (1,048,576 characters)`. Used
 * for every key, value, path, call id and tool name echoed to the model. @internal
 */
export function echo(text: string, max: number = TOOLWRIGHT_LIMITS.maxEchoLength): string {
  if (text.length <= max) return text;
  return `${prefixOf(text, max)}… (${formatCount(text.length)} characters)`;
}

/** `text` cut to `max` characters with a note of how much was left out. @internal */
export function capMessage(text: string, max: number = TOOLWRIGHT_LIMITS.maxMessageLength): string {
  if (text.length <= max) return text;
  const note = `\n… [message cut: ${formatCount(text.length)} characters in all]`;
  return prefixOf(text, Math.max(0, max - note.length)) + note;
}

/**
 * The first `limit` items of a list, each passed through `show`, joined with ", ", plus
 * "and N more" when the list is longer. @internal
 */
export function listSome<T>(items: readonly T[], limit: number, show: (item: T) => string): string {
  const shown = items.slice(0, limit).map(show);
  if (items.length > limit) shown.push(`and ${formatCount(items.length - limit)} more`);
  return shown.join(', ');
}

import { prefixOf, suffixOf } from './bounded-text';

const encoder = new TextEncoder();

/** Share of a head-and-tail cut given to the head; the tail gets the rest. @internal */
export const HEAD_SHARE = 0.6;

/**
 * The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, ending on a whole character.
 * @internal
 */
export function utf8Head(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  // Every code unit is at least one byte, so the first `maxBytes` units hold enough text.
  const head = prefixOf(text, maxBytes);
  if (Buffer.byteLength(head, 'utf8') <= maxBytes) return head;
  const { read } = encoder.encodeInto(head, new Uint8Array(maxBytes));
  return head.slice(0, read);
}

/**
 * The longest suffix of `text` of at most `maxBytes` UTF-8 bytes, starting on a whole character.
 * @internal
 */
export function utf8Tail(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  const tail = suffixOf(text, maxBytes);
  const bytes = Buffer.from(tail, 'utf8');
  if (bytes.length <= maxBytes) return tail;
  let start = bytes.length - maxBytes;
  // Skip the continuation bytes of a character the cut would split.
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString('utf8');
}

/**
 * Shortens `text` to at most `maxBytes` UTF-8 bytes of its own, keeping the first 60 % and the
 * last 40 % on character boundaries, with a line in between saying how much was left out of how
 * much (`totalBytes`, when the text itself was already cut). Unchanged when it fits. The shell,
 * file and patch tools show long text this way; the output cap of every tool cuts the same way.
 *
 * @example
 * headTail('a'.repeat(100) + 'ERROR', 20); // 'aaaaaaaaaaaa\n…[85 of 105 bytes elided]\naaaERROR'
 * @internal
 */
export function headTail(text: string, maxBytes: number, totalBytes?: number): string {
  const size = Buffer.byteLength(text, 'utf8');
  const total = Math.max(totalBytes ?? size, size);
  // A text that fits is shown whole (if it was already cut, its own marker says so).
  if (size <= maxBytes) return text;
  const headBudget = Math.floor(maxBytes * HEAD_SHARE);
  const head = utf8Head(text, headBudget);
  const tail = utf8Tail(text, maxBytes - headBudget);
  if (head === '' && tail === '') return `…[truncated, showing 0 of ${total} bytes]`;
  const dropped = total - Buffer.byteLength(head, 'utf8') - Buffer.byteLength(tail, 'utf8');
  return `${head}\n…[${dropped} of ${total} bytes elided]\n${tail}`;
}

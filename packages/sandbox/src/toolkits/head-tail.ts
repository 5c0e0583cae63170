import { utf8Boundary, utf8Start } from '../sandbox/output-capture';

/**
 * Shortens `text` to about `maxBytes` UTF-8 bytes, keeping the first 60 % and the last 40 % on
 * character boundaries, with a line in between saying how much was left out of how much
 * (`totalBytes`, when the text itself was already cut). Unchanged when it fits.
 */
export function headTail(text: string, maxBytes: number, totalBytes?: number): string {
  const bytes = Buffer.from(text, 'utf8');
  const total = Math.max(totalBytes ?? bytes.length, bytes.length);
  // A text that fits is shown whole (if the sandbox already cut it, its own marker says so).
  if (bytes.length <= maxBytes) return text;
  const head = bytes.subarray(0, utf8Boundary(bytes, Math.floor(maxBytes * 0.6)));
  const tailBytes = bytes.subarray(bytes.length - (maxBytes - Math.floor(maxBytes * 0.6)));
  const tail = tailBytes.subarray(utf8Start(tailBytes));
  if (head.length === 0 && tail.length === 0) return `…[truncated, showing 0 of ${total} bytes]`;
  const dropped = total - head.length - tail.length;
  return `${head.toString('utf8')}\n…[${dropped} of ${total} bytes elided]\n${tail.toString('utf8')}`;
}

import type { OutputTruncation } from '../contracts/output-truncation';
import { formatCount } from '../limits/bounded-text';
import { HEAD_SHARE, utf8Head, utf8Tail } from '../limits/head-tail';
import type { ContentPart } from './content';
import { toModelOutput, type ToolResult } from './tool-result';

export type { OutputTruncation };

/** What the model is sent for a call's result, and how it was cut, if it was. @internal */
export interface CappedOutput {
  output: string | ContentPart[];
  truncated?: OutputTruncation;
}

/**
 * The model-facing output of `result` with its text cut to `maxBytes` UTF-8 bytes in all, never
 * inside a character: the text parts, read as one text, keep their first 60 % and their last
 * 40 % (where a log or a stack trace says what went wrong), and a line marks the middle that was
 * left out, where it was. Non-text parts are kept in their places. Short outputs cost one length
 * check. @internal
 */
export function capToolOutput(result: ToolResult, maxBytes: number): CappedOutput {
  const parts = result.content;
  let units = 0;
  for (const part of parts) if (part.type === 'input_text') units += part.text.length;
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most outputs are answered here.
  if (maxBytes === Infinity || units * 3 <= maxBytes) return { output: toModelOutput(result) };
  const sizes = parts.map((part) => (part.type === 'input_text' ? Buffer.byteLength(part.text, 'utf8') : 0));
  const originalBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (originalBytes <= maxBytes) return { output: toModelOutput(result) };

  // The text's bytes [cutStart, cutEnd) are left out; a part keeps what lies outside that range.
  const cutStart = Math.floor(maxBytes * HEAD_SHARE);
  const cutEnd = originalBytes - (maxBytes - cutStart);
  const kept: ContentPart[] = [];
  const pieces: string[] = [];
  let keptBytes = 0;
  let markerAt = -1;
  let offset = 0;
  parts.forEach((part, i) => {
    if (part.type !== 'input_text') {
      kept.push(part);
      return;
    }
    const start = offset;
    const end = (offset += sizes[i]);
    const head = start < cutStart ? utf8Head(part.text, Math.min(end, cutStart) - start) : '';
    const tail = end > cutEnd ? utf8Tail(part.text, end - Math.max(start, cutEnd)) : '';
    keptBytes += Buffer.byteLength(head, 'utf8') + Buffer.byteLength(tail, 'utf8');
    // The marker goes into the part where the cut begins.
    const cutHere = markerAt === -1 && end > cutStart;
    if (!cutHere && head === '' && tail === '') return;
    if (cutHere) markerAt = kept.length;
    pieces[kept.length] = tail;
    kept.push({ type: 'input_text', text: head });
  });
  const dropped = originalBytes - keptBytes;
  const marker = `\n… [output cut: ${formatCount(dropped)} of ${formatCount(originalBytes)} bytes left out here (limit ${formatCount(maxBytes)} bytes)]\n`;
  kept.forEach((part, i) => {
    if (part.type !== 'input_text') return;
    const text = i === markerAt ? part.text + marker + pieces[i] : part.text + pieces[i];
    kept[i] = { type: 'input_text', text };
  });
  const textOnly = kept.every((p) => p.type === 'input_text');
  return {
    output: textOnly ? kept.map((p) => (p as { text: string }).text).join('') : kept,
    truncated: { limitBytes: maxBytes, originalBytes, keptBytes },
  };
}

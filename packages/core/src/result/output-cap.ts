import type { OutputTruncation } from '../contracts/output-truncation';
import { formatCount, prefixOf } from '../limits/bounded-text';
import type { ContentPart } from './content';
import { toModelOutput, type ToolResult } from './tool-result';

export type { OutputTruncation };

/** What the model is sent for a call's result, and how it was cut, if it was. @internal */
export interface CappedOutput {
  output: string | ContentPart[];
  truncated?: OutputTruncation;
}

const encoder = new TextEncoder();

/**
 * The model-facing output of `result` with its text parts cut to `maxBytes` UTF-8 bytes in all
 * (never inside a character); non-text parts are kept. The cut is marked at the end of the kept
 * text. Short outputs cost one length check. @internal
 */
export function capToolOutput(result: ToolResult, maxBytes: number): CappedOutput {
  const parts = result.content;
  let units = 0;
  for (const part of parts) if (part.type === 'input_text') units += part.text.length;
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most outputs are answered here.
  if (maxBytes === Infinity || units * 3 <= maxBytes) return { output: toModelOutput(result) };
  let originalBytes = 0;
  for (const part of parts) if (part.type === 'input_text') originalBytes += Buffer.byteLength(part.text, 'utf8');
  if (originalBytes <= maxBytes) return { output: toModelOutput(result) };

  let keptBytes = 0;
  let full = true;
  const kept: ContentPart[] = [];
  let lastText = -1;
  for (const part of parts) {
    if (part.type !== 'input_text') {
      kept.push(part);
      continue;
    }
    if (!full) continue;
    const text = utf8Prefix(part.text, maxBytes - keptBytes);
    keptBytes += Buffer.byteLength(text, 'utf8');
    full = text.length === part.text.length;
    lastText = kept.length;
    kept.push({ type: 'input_text', text });
  }
  const marker = `\n… [output cut: the first ${formatCount(keptBytes)} of ${formatCount(originalBytes)} bytes are shown (limit ${formatCount(maxBytes)} bytes)]`;
  if (lastText === -1) kept.unshift({ type: 'input_text', text: marker.slice(1) });
  else kept[lastText] = { type: 'input_text', text: (kept[lastText] as { text: string }).text + marker };
  const textOnly = kept.every((p) => p.type === 'input_text');
  return {
    output: textOnly ? kept.map((p) => (p as { text: string }).text).join('') : kept,
    truncated: { limitBytes: maxBytes, originalBytes, keptBytes },
  };
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, ending on a whole character. */
function utf8Prefix(text: string, maxBytes: number): string {
  // Every code unit is at least one byte, so the first `maxBytes` units hold enough text.
  const head = prefixOf(text, maxBytes);
  if (Buffer.byteLength(head, 'utf8') <= maxBytes) return head;
  const { read } = encoder.encodeInto(head, new Uint8Array(maxBytes));
  return head.slice(0, read);
}

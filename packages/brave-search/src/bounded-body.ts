import { BraveSearchError } from './brave-search.error';

/** The most bytes of a response body that are read (decoded size: gzip cannot inflate past it). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Reads at most `limit` bytes of a response body as UTF-8. With `truncate`, reading stops there
 * and the text read so far is returned; without it, a longer body is a `BraveSearchError`. The
 * rest of the body is never downloaded: the stream is cancelled.
 */
export async function readBoundedText(response: Response, limit: number, truncate: boolean): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        if (!truncate) {
          throw new BraveSearchError(`bravesearch: the response body is larger than ${limit / (1024 * 1024)} MiB; refusing to read it`);
        }
        chunks.push(value.subarray(0, limit - size));
        size = limit;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    // Stops the download of whatever is left (a no-op when the body was read to its end).
    reader.cancel().catch(() => undefined);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, size));
}

/** The longest body quoted in an error message, in bytes. */
export const MAX_ERROR_BODY_BYTES = 1024;
const TRUNCATED = ' [... truncated]';

/** An error body for a message: trimmed, cut at 1 KiB (on a character boundary) with a marker. */
export function errorBodyExcerpt(body: string): string {
  const text = body.trim();
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.byteLength <= MAX_ERROR_BODY_BYTES) return text;
  let end = MAX_ERROR_BODY_BYTES;
  // Back off to the start of a UTF-8 sequence so no character is split.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8') + TRUNCATED;
}

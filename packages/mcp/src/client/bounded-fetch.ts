import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The default bound of one message from an MCP server, over stdio or HTTP. @internal */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Wraps `fetch` so that no message an HTTP MCP server sends can grow past `maxBytes`: a JSON (or
 * any other) body as a whole, an event stream per event (counted from one blank line to the
 * next, so a long-lived stream of small events is fine). A body declared larger is refused before
 * it is read; a body that grows larger is cut off and its stream fails. `onOversize` hears of it
 * (the connection ends: the stream cannot be trusted to resynchronise). @internal
 */
export function boundedFetch(fetchImpl: FetchLike | undefined, maxBytes: number, onOversize: (problem: string) => void): FetchLike {
  const base: FetchLike = fetchImpl ?? ((url, init) => fetch(url, init));
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const tooLarge = (what: string): Error => {
      const problem = `the server sent ${what} larger than maxMessageBytes (${maxBytes} bytes); raise transport.maxMessageBytes if this server's messages are that large`;
      onOversize(problem);
      return new Error(problem);
    };
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge('a response');
    }
    const events = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    const body = response.body.pipeThrough(events ? eventBound(maxBytes, () => tooLarge('an event')) : totalBound(maxBytes, () => tooLarge('a response')));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Passes a body through while it stays within `maxBytes` in all. */
function totalBound(maxBytes: number, fail: () => Error): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(fail());
      else controller.enqueue(chunk);
    },
  });
}

/** Passes an event stream through while each event (up to its blank line) stays within `maxBytes`. */
function eventBound(maxBytes: number, fail: () => Error): TransformStream<Uint8Array, Uint8Array> {
  let inEvent = 0;
  let breaks = 0;
  let lastWasCr = false;
  return new TransformStream({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === LF && lastWasCr) {
          lastWasCr = false;
          continue;
        }
        lastWasCr = byte === CR;
        if (byte === LF || byte === CR) {
          if (++breaks >= 2) inEvent = 0;
          continue;
        }
        breaks = 0;
        if (++inEvent > maxBytes) {
          controller.error(fail());
          return;
        }
      }
      controller.enqueue(chunk);
    },
  });
}

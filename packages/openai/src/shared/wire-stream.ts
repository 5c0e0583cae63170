import type { ModelResponse, ModelStreamEvent } from '@toolwright/core';
import { abortReason, toModelError, toStreamReadError, type OpenAIApiName, type RequestTiming } from '../errors/to-model-error';
import type { Json } from './wire-values';

/** Folds an API's stream events into Toolwright stream events and, at the end, one response. */
export interface WireStreamState {
  /** Handles one wire event; returns the stream events it produces. */
  handle(event: Json): Iterable<ModelStreamEvent>;
  /** The response the stream amounted to (throws when the stream reported a failure). */
  result(): ModelResponse;
}

/** How to run one streamed request (see {@link streamWireEvents}). */
export interface WireStreamRequest {
  /** Which API, for error messages. */
  api: OpenAIApiName;
  /** Sends the request: the `openai` client's `.create(...).withResponse()` for a streamed body. */
  open(): Promise<{ data: unknown; request_id?: string | null }>;
  /** The state machine for this stream, given the request id the server returned. */
  createState(requestId: string | undefined): WireStreamState;
  /** The run's signal. */
  signal: AbortSignal | undefined;
  /** When the request started, to recognise timeouts. */
  timing: RequestTiming;
}

/**
 * Runs one streamed request: yields the events of every wire event as it arrives, then
 * `completed` with the folded response. A failure to start is mapped by `toModelError`, one
 * while reading by `toStreamReadError`; a run aborted mid-stream throws the abort reason.
 */
export async function* streamWireEvents(request: WireStreamRequest): AsyncIterable<ModelStreamEvent> {
  const { api, signal } = request;
  let events: AsyncIterable<unknown>;
  let state: WireStreamState;
  let requestId: string | undefined;
  try {
    const { data, request_id } = await request.open();
    events = data as AsyncIterable<unknown>;
    requestId = request_id ?? undefined;
    state = request.createState(requestId);
  } catch (error) {
    throw toModelError(error, api, signal, request.timing);
  }
  try {
    for await (const event of events) {
      for (const out of state.handle(event as Json)) yield out;
    }
  } catch (error) {
    throw toStreamReadError(error, api, signal, requestId);
  }
  // The client ends the iteration quietly when the request is aborted; say so.
  if (signal?.aborted) throw abortReason(signal);
  yield { type: 'completed', response: state.result() };
}

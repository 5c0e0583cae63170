import type OpenAI from 'openai';
import { ModelError, type Model, type ModelRequest, type ModelResponse, type ModelStreamEvent } from '@toolwright/core';
import { resolveClient } from '../client/create-client';
import { effectiveTimeout, requestOptions, type OpenAIModelOptions } from '../client/openai-model-options';
import { abortReason, toModelError, toStreamReadError, type RequestTiming } from '../errors/to-model-error';
import { resolveSettings } from '../settings/resolve-settings';
import { buildResponsesBody } from './responses-request';
import { toModelResponse, type ResponsesWireResponse } from './responses-output';
import { ResponsesStreamState } from './responses-stream';

type CreateParams = Parameters<OpenAI['responses']['create']>[0];

/**
 * A Toolwright `Model` on OpenAI's Responses API (`POST /v1/responses`), streamed or not.
 * Reasoning items are kept and sent back; with `store: false` their encrypted content is
 * requested and replayed, so stateless multi-turn runs keep the model's reasoning.
 *
 * @example
 * const model = new OpenAIResponsesModel({ model: 'gpt-4.1-mini', settings: { temperature: 0 } });
 * const result = await new Runner({ model }).run(agent, 'Hello');
 */
export class OpenAIResponsesModel implements Model {
  /** The client requests go through. */
  readonly client: OpenAI;
  /** The model name sent with every request. */
  readonly model: string;

  constructor(private readonly options: OpenAIModelOptions) {
    this.client = resolveClient(options, 'OpenAIResponsesModel');
    this.model = options.model;
  }

  /** Sends one non-streamed request and maps the response. */
  async respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    const body = buildResponsesBody(this.model, request, resolveSettings(this.options.settings, request), false);
    const timing = this.timing();
    try {
      const { data, request_id } = await this.client.responses
        .create(body as unknown as CreateParams, requestOptions(this.options, signal))
        .withResponse();
      const response = data as unknown as ResponsesWireResponse;
      if (response.status === 'failed' || response.status === 'cancelled') {
        throw new ModelError(
          `OpenAI Responses API returned a ${response.status} response: ${response.error?.message ?? 'no reason given'}` +
            `${request_id ? ` (request id ${request_id})` : ''}.`,
          { ...(request_id ? { requestId: request_id } : {}), ...(response.error?.code ? { code: response.error.code } : {}) },
        );
      }
      return toModelResponse(response);
    } catch (error) {
      throw toModelError(error, 'Responses', signal, timing);
    }
  }

  /** Sends one streamed request: text and argument deltas as they arrive, then `completed`. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const body = buildResponsesBody(this.model, request, resolveSettings(this.options.settings, request), true);
    const timing = this.timing();
    let state: ResponsesStreamState;
    let events: AsyncIterable<unknown>;
    let requestId: string | undefined;
    try {
      const { data, request_id } = await this.client.responses
        .create(body as unknown as CreateParams, requestOptions(this.options, signal))
        .withResponse();
      events = data as unknown as AsyncIterable<unknown>;
      requestId = request_id ?? undefined;
      state = new ResponsesStreamState(requestId);
    } catch (error) {
      throw toModelError(error, 'Responses', signal, timing);
    }
    try {
      for await (const event of events) {
        for (const out of state.handle(event as Record<string, unknown>)) yield out;
      }
    } catch (error) {
      throw toStreamReadError(error, 'Responses', signal, requestId);
    }
    // The client ends the iteration quietly when the request is aborted; say so.
    if (signal?.aborted) throw abortReason(signal);
    yield { type: 'completed', response: state.result() };
  }

  private timing(): RequestTiming {
    return { startedAt: Date.now(), timeoutMs: effectiveTimeout(this.options, this.client) };
  }
}

import type OpenAI from 'openai';
import { ModelError, type Model, type ModelRequest, type ModelResponse, type ModelStreamEvent } from '@toolwright/core';
import { resolveClient } from '../client/create-client';
import { requestOptions, startTiming, type OpenAIModelOptions } from '../client/openai-model-options';
import { toModelError } from '../errors/to-model-error';
import { resolveSettings } from '../settings/resolve-settings';
import { streamWireEvents } from '../shared/wire-stream';
import { buildResponsesBody } from './responses-request';
import { toModelResponse, type ResponsesWireResponse } from './responses-output';
import { ResponsesStreamState } from './responses-stream';
import { nativeToolNames } from '../native/native-offer';

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
  /** Maps OpenAI's built-in `apply_patch` and `shell` calls onto the tools offering them. */
  readonly nativeTools = true;

  constructor(private readonly options: OpenAIModelOptions) {
    this.client = resolveClient(options, 'OpenAIResponsesModel');
    this.model = options.model;
  }

  /** Sends one non-streamed request and maps the response. */
  async respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    const body = this.body(request, false);
    const timing = startTiming(this.options, this.client);
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
      return toModelResponse(response, undefined, nativeToolNames(request.tools, this.model));
    } catch (error) {
      throw toModelError(error, 'Responses', signal, timing);
    }
  }

  /** Sends one streamed request: text and argument deltas as they arrive, then `completed`. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const body = this.body(request, true);
    yield* streamWireEvents({
      api: 'Responses',
      open: () => this.client.responses.create(body as unknown as CreateParams, requestOptions(this.options, signal)).withResponse(),
      createState: (requestId) => new ResponsesStreamState(requestId, nativeToolNames(request.tools, this.model)),
      signal,
      timing: startTiming(this.options, this.client),
    });
  }

  /** The request body: this model's default settings merged with the request's. */
  private body(request: ModelRequest, stream: boolean): Record<string, unknown> {
    return buildResponsesBody(this.model, request, resolveSettings(this.options.settings, request), stream);
  }
}

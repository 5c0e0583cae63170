import type OpenAI from 'openai';
import type { Model, ModelRequest, ModelResponse, ModelStreamEvent } from '@toolwright/core';
import { resolveClient } from '../client/create-client';
import { requestOptions, startTiming, type OpenAIModelOptions } from '../client/openai-model-options';
import { toModelError } from '../errors/to-model-error';
import { resolveSettings } from '../settings/resolve-settings';
import { streamWireEvents } from '../shared/wire-stream';
import { buildChatBody } from './chat-request';
import { chatTurnToResponse, completionToTurn } from './chat-output';
import { ChatStreamState } from './chat-stream';

type CreateParams = Parameters<OpenAI['chat']['completions']['create']>[0];

/**
 * A Toolwright `Model` on the Chat Completions API (`POST /v1/chat/completions`), streamed or
 * not. This is the API most OpenAI-compatible servers (vLLM, Ollama, llama.cpp, routers) speak;
 * point the client's `baseURL` at them.
 *
 * Tool messages carry text only in this API: images and files a tool returns travel in a user
 * message right after the tool messages (see the package README).
 *
 * @example
 * const model = new OpenAIChatCompletionsModel({
 *   client: new OpenAI({ baseURL: 'http://localhost:11434/v1', apiKey: 'unused' }),
 *   model: 'llama3.1',
 * });
 */
export class OpenAIChatCompletionsModel implements Model {
  /** The client requests go through. */
  readonly client: OpenAI;
  /** The model name sent with every request. */
  readonly model: string;

  constructor(private readonly options: OpenAIModelOptions) {
    this.client = resolveClient(options, 'OpenAIChatCompletionsModel');
    this.model = options.model;
  }

  /** Sends one non-streamed request and maps the first choice. */
  async respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    const body = this.body(request, false);
    const timing = startTiming(this.options, this.client);
    try {
      const completion = await this.client.chat.completions.create(
        body as unknown as CreateParams,
        requestOptions(this.options, signal),
      );
      return chatTurnToResponse(completionToTurn(completion as unknown as Record<string, unknown>));
    } catch (error) {
      throw toModelError(error, 'Chat Completions', signal, timing);
    }
  }

  /** Sends one streamed request: text and argument deltas as they arrive, then `completed`. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const body = this.body(request, true);
    yield* streamWireEvents({
      api: 'Chat Completions',
      open: () => this.client.chat.completions.create(body as unknown as CreateParams, requestOptions(this.options, signal)).withResponse(),
      createState: () => new ChatStreamState(),
      signal,
      timing: startTiming(this.options, this.client),
    });
  }

  /** The request body: this model's default settings merged with the request's. */
  private body(request: ModelRequest, stream: boolean): Record<string, unknown> {
    return buildChatBody(this.model, request, resolveSettings(this.options.settings, request), stream);
  }
}

import type OpenAI from 'openai';
import type { Model, ModelRequest, ModelResponse, ModelStreamEvent } from '@toolwright/core';
import { resolveClient } from '../client/create-client';
import { effectiveTimeout, requestOptions, type OpenAIModelOptions } from '../client/openai-model-options';
import { abortReason, toModelError, toStreamReadError, type RequestTiming } from '../errors/to-model-error';
import { resolveSettings } from '../settings/resolve-settings';
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
    const body = buildChatBody(this.model, request, resolveSettings(this.options.settings, request), false);
    const timing = this.timing();
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
    const body = buildChatBody(this.model, request, resolveSettings(this.options.settings, request), true);
    const timing = this.timing();
    const state = new ChatStreamState();
    let chunks: AsyncIterable<unknown>;
    let requestId: string | undefined;
    try {
      const { data, request_id } = await this.client.chat.completions
        .create(body as unknown as CreateParams, requestOptions(this.options, signal))
        .withResponse();
      chunks = data as unknown as AsyncIterable<unknown>;
      requestId = request_id ?? undefined;
    } catch (error) {
      throw toModelError(error, 'Chat Completions', signal, timing);
    }
    try {
      for await (const chunk of chunks) {
        for (const event of state.handle(chunk as Record<string, unknown>)) yield event;
      }
    } catch (error) {
      throw toStreamReadError(error, 'Chat Completions', signal, requestId);
    }
    // The client ends the iteration quietly when the request is aborted; say so.
    if (signal?.aborted) throw abortReason(signal);
    yield { type: 'completed', response: state.result() };
  }

  private timing(): RequestTiming {
    return { startedAt: Date.now(), timeoutMs: effectiveTimeout(this.options, this.client) };
  }
}

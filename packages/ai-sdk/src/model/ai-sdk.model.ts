import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { Model, ModelRequest, ModelResponse, ModelStreamEvent } from '@toolwright/core';
import { abortReason, toModelError } from '../errors/to-model-error';
import { providerFamily, type ProviderFamily } from '../provider/provider-family';
import { buildCallOptions } from '../request/call-options';
import { OutputBuilder } from '../response/output-builder';
import { StreamState } from '../stream/stream-state';
import { checkModelAndOptions, DEFAULT_MAX_RETRIES, type AiSdkModelOptions } from './ai-sdk-model-options';
import { withRetries } from './retries';
import { untilAborted } from './until-aborted';

/**
 * A Toolwright `Model` on any language model of the AI SDK's provider packages (the language
 * model specification v3: `@ai-sdk/anthropic`, `@ai-sdk/google`, `@ai-sdk/amazon-bedrock`,
 * `@ai-sdk/mistral`, `@ai-sdk/azure`, `@ai-sdk/groq`, ...), streamed or not. The provider
 * package speaks its API's wire format; this class maps Toolwright's requests, items and events
 * onto the specification once for all of them.
 *
 * @example
 * import { anthropic } from '@ai-sdk/anthropic';
 * const model = new AiSdkModel(anthropic('claude-sonnet-4-5'), {
 *   providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
 * });
 * const result = await new Runner({ model }).run(agent, 'Hello');
 */
export class AiSdkModel implements Model {
  /** The wrapped language model. */
  readonly languageModel: LanguageModelV3;
  /** The provider family (`anthropic`, `google`, ...) and what follows from it. */
  readonly family: ProviderFamily;
  /** `provider model "id"`, for messages. */
  private readonly where: string;
  /** Retries of a request that failed with a retryable API error. */
  private readonly maxRetries: number;

  constructor(languageModel: LanguageModelV3, private readonly options: AiSdkModelOptions = {}) {
    checkModelAndOptions(languageModel, options);
    this.languageModel = languageModel;
    this.family = providerFamily(languageModel);
    this.where = `${languageModel.provider} model "${languageModel.modelId}"`;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  }

  /** Sends one non-streamed request (`doGenerate`) and maps its content. */
  async respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    const { options, strictDefinitions } = buildCallOptions(request, this.family, this.options, signal);
    try {
      const result = await untilAborted(withRetries(() => Promise.resolve(this.languageModel.doGenerate(options)), this.maxRetries, signal), signal);
      const builder = new OutputBuilder(this.family.name, strictDefinitions);
      for (const part of result.content) builder.addContent(part);
      return builder.finish(result.finishReason, result.usage, result.response?.id);
    } catch (error) {
      throw toModelError(error, this.where, signal);
    }
  }

  /** Sends one streamed request (`doStream`): text, reasoning and argument deltas as they arrive, then `completed`. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const { options, strictDefinitions } = buildCallOptions(request, this.family, this.options, signal);
    let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>;
    try {
      // A stream is retried only while it has not started: once parts arrived, a failure is final.
      const { stream } = await untilAborted(withRetries(() => Promise.resolve(this.languageModel.doStream(options)), this.maxRetries, signal), signal);
      reader = stream.getReader();
    } catch (error) {
      throw toModelError(error, this.where, signal);
    }
    const state = new StreamState(this.family.name, strictDefinitions, this.where);
    let done = false;
    try {
      while (true) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await untilAborted(reader.read(), signal);
        } catch (error) {
          throw toModelError(error, `${this.where} (stream)`, signal);
        }
        if (next.done) break;
        for (const event of state.handle(next.value)) yield event;
      }
      done = true;
      if (signal?.aborted) throw abortReason(signal);
      yield { type: 'completed', response: state.result() };
    } finally {
      // A consumer that stopped early, an error or an abort: the provider's request ends too.
      if (!done) reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
}

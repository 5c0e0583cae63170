import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { UserError, type ModelSettings } from '@toolwright/core';

/** Options of `AiSdkModel`. */
export interface AiSdkModelOptions {
  /**
   * Provider options sent with every request, keyed by provider, passed through as they are:
   * `{ anthropic: { cacheControl: { type: 'ephemeral' }, thinking: { type: 'enabled', budgetTokens: 4000 } } }`,
   * `{ google: { safetySettings: [...] } }`. An agent's `modelSettings.providerOptions` merge
   * over them per provider, key by key.
   */
  providerOptions?: SharedV3ProviderOptions;
  /** Default settings for every request; the agent's `modelSettings` win key by key. */
  settings?: ModelSettings;
  /**
   * Whether strict tools are offered with their strict schema and `strict: true`. By default
   * this follows the provider: OpenAI and Azure, and Claude models with strict tool use
   * (Sonnet 4.5, Opus 4.1, Haiku 4.5 and later) get strict schemas; every other provider gets
   * the natural schema. Validation is Toolwright's own either way.
   */
  strictTools?: boolean;
  /**
   * How many times a request that failed with a retryable API error (429, 5xx, 408/409, no
   * connection) is sent again, waiting as the server's `retry-after` says or doubling from half a
   * second. Default 2 (three attempts); `0` disables retries. A stream is retried only before its
   * first part.
   */
  maxRetries?: number;
}

/** `maxRetries` when it is not given. */
export const DEFAULT_MAX_RETRIES = 2;

/**
 * Checks what `new AiSdkModel(...)` was given: a language model of the specification version this
 * package implements (v3: the AI SDK 6 provider packages), and well-formed options.
 *
 * @throws UserError saying what was wrong and how to fix it.
 */
export function checkModelAndOptions(languageModel: unknown, options: unknown): asserts languageModel is LanguageModelV3 {
  if (typeof languageModel === 'string') {
    throw new UserError(
      `AiSdkModel was given the string "${languageModel.slice(0, 80)}"; it takes a language model object from a provider package, e.g. anthropic('claude-sonnet-4-5') from @ai-sdk/anthropic.`,
    );
  }
  const model = languageModel as Partial<LanguageModelV3> | null | undefined;
  if (typeof model !== 'object' || model === null || typeof model.doGenerate !== 'function' || typeof model.doStream !== 'function') {
    throw new UserError(
      'AiSdkModel takes a language model of an AI SDK provider package (an object with doGenerate and doStream), e.g. anthropic(\'claude-sonnet-4-5\') from @ai-sdk/anthropic.',
    );
  }
  const version = (model as { specificationVersion?: unknown }).specificationVersion;
  if (version !== 'v3') {
    throw new UserError(
      `AiSdkModel implements the language model specification v3 (the AI SDK 6 provider packages: @ai-sdk/anthropic 3.x, @ai-sdk/google 3.x, ...); ` +
        `the model ${String(model.provider)} "${String(model.modelId)}" implements ${JSON.stringify(version)}. Install the provider package's release line that implements v3.`,
    );
  }
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UserError('AiSdkModel options must be an object: { providerOptions?, settings?, strictTools?, maxRetries? }.');
  const { providerOptions, settings, strictTools, maxRetries } = options as AiSdkModelOptions;
  if (providerOptions !== undefined && !isObjectOfObjects(providerOptions)) {
    throw new UserError('AiSdkModel providerOptions must be an object of objects keyed by provider, e.g. { anthropic: { cacheControl: { type: \'ephemeral\' } } }.');
  }
  if (settings !== undefined && (typeof settings !== 'object' || settings === null || Array.isArray(settings))) {
    throw new UserError('AiSdkModel settings must be an object of model settings, e.g. { temperature: 0 }.');
  }
  if (strictTools !== undefined && typeof strictTools !== 'boolean') throw new UserError('AiSdkModel strictTools must be true or false (or left out to follow the provider).');
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= 10)) {
    throw new UserError(`AiSdkModel maxRetries is ${JSON.stringify(maxRetries)}; it must be an integer from 0 to 10 (default ${DEFAULT_MAX_RETRIES}).`);
  }
}

function isObjectOfObjects(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
}

import type OpenAI from 'openai';
import type { ModelSettings } from '@toolwright/core';
import type { RequestTiming } from '../errors/to-model-error';

/** Options shared by both OpenAI models. */
export interface OpenAIModelOptions {
  /**
   * The client to send requests with. When omitted, one is built from `OPENAI_API_KEY` and
   * (optionally) `OPENAI_BASE_URL`, or from `apiKey` / `baseURL` below.
   */
  client?: OpenAI;
  /** The model name, e.g. `gpt-4.1-mini`, or whatever an OpenAI-compatible server calls it. */
  model: string;
  /** Default settings for every request; a request's own settings override them key by key. */
  settings?: ModelSettings;
  /** API key for the client built when `client` is omitted. Defaults to `OPENAI_API_KEY`. */
  apiKey?: string;
  /** Base URL for the client built when `client` is omitted. Defaults to `OPENAI_BASE_URL`. */
  baseURL?: string;
  /**
   * How many times the `openai` client retries a request that failed with a connection error,
   * 408, 409, 429 or 5xx, with exponential backoff that honours `retry-after(-ms)` headers.
   * Applied per request, so it also overrides the retries of a `client` you pass in. The
   * client's default is 2 (three attempts in total); `0` disables retries.
   */
  maxRetries?: number;
  /** Per-request timeout in milliseconds (the client's default is 10 minutes). */
  timeoutMs?: number;
}

/** The per-request options the models pass to the `openai` client. */
export interface ClientRequestOptions {
  signal?: AbortSignal;
  maxRetries?: number;
  timeout?: number;
}

/**
 * Starts the clock of a request that begins now, under the model's `timeoutMs` or else the
 * client's timeout, so that a connection error after that long is reported as a timeout.
 */
export function startTiming(options: OpenAIModelOptions, client: { timeout: number }): RequestTiming {
  return { startedAt: Date.now(), timeoutMs: options.timeoutMs ?? client.timeout };
}

/** Builds the client's per-request options from the model's options and the run's signal. */
export function requestOptions(options: OpenAIModelOptions, signal: AbortSignal | undefined): ClientRequestOptions {
  const out: ClientRequestOptions = {};
  if (signal) out.signal = signal;
  if (options.maxRetries !== undefined) out.maxRetries = options.maxRetries;
  if (options.timeoutMs !== undefined) out.timeout = options.timeoutMs;
  return out;
}

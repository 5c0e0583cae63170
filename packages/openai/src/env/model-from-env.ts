import { UserError, type Model, type ModelSettings } from '@toolwright/core';
import { OpenAIChatCompletionsModel } from '../chat/openai-chat-completions.model';
import { OpenAIResponsesModel } from '../responses/openai-responses.model';

/** The model `modelFromEnv` uses when `OPENAI_MODEL` is unset and no `defaultModel` is given. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/** The model the environment names, and a line saying which one it is (for a log or a banner). */
export interface EnvModel {
  model: Model;
  description: string;
}

/** Options of `modelFromEnv`. */
export interface ModelFromEnvOptions {
  /** The model name when `OPENAI_MODEL` is unset or blank (default `gpt-4.1-mini`). */
  defaultModel?: string;
  /** Default settings for every request of the model. */
  settings?: ModelSettings;
}

/** The host whose base URL keeps the Responses API as the default. */
const OPENAI_HOST = 'api.openai.com';

/**
 * The model the environment names, or `undefined` when `OPENAI_API_KEY` is unset or blank (so a
 * caller can fall back to a `ScriptedModel`):
 *
 * - `OPENAI_MODEL` names the model (default `options.defaultModel`, else `gpt-4.1-mini`);
 * - without `OPENAI_BASE_URL`, or with one on api.openai.com, it is an `OpenAIResponsesModel`;
 * - with `OPENAI_BASE_URL` on another host (vLLM, Ollama, llama.cpp, a router) it is an
 *   `OpenAIChatCompletionsModel`, the API those servers speak;
 * - `OPENAI_API=responses` or `OPENAI_API=chat` forces the choice.
 *
 * Throws a `UserError` naming the variable when `OPENAI_API` or `OPENAI_BASE_URL` is malformed.
 */
export function modelFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, options: ModelFromEnvOptions = {}): EnvModel | undefined {
  const apiKey = env['OPENAI_API_KEY']?.trim();
  if (!apiKey) return undefined;
  const name = env['OPENAI_MODEL']?.trim() || options.defaultModel || DEFAULT_OPENAI_MODEL;
  const baseURL = env['OPENAI_BASE_URL']?.trim() || undefined;
  const host = baseURL === undefined ? OPENAI_HOST : hostOf(baseURL);
  const api = apiOf(env['OPENAI_API']) ?? (host === OPENAI_HOST ? 'responses' : 'chat');
  const modelOptions = { model: name, apiKey, ...(baseURL ? { baseURL } : {}), ...(options.settings ? { settings: options.settings } : {}) };
  const where = baseURL ?? OPENAI_HOST;
  if (api === 'chat') return { model: new OpenAIChatCompletionsModel(modelOptions), description: `Running on ${name} via Chat Completions at ${where}.` };
  return { model: new OpenAIResponsesModel(modelOptions), description: `Running on ${name} via the Responses API at ${where}.` };
}

/** `OPENAI_API`, checked: `responses`, `chat`, or unset. */
function apiOf(value: string | undefined): 'responses' | 'chat' | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const api = value.trim().toLowerCase();
  if (api === 'responses' || api === 'chat') return api;
  throw new UserError(
    `OPENAI_API is ${JSON.stringify(value.slice(0, 40))}: it must be "responses" or "chat". Fix: set one of them, or unset it (the Responses API on api.openai.com, Chat Completions elsewhere).`,
  );
}

/** The host of `OPENAI_BASE_URL`, which must be an http(s) URL. */
function hostOf(baseURL: string): string {
  const url = URL.canParse(baseURL) ? new URL(baseURL) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UserError(
      `OPENAI_BASE_URL is ${JSON.stringify(baseURL.slice(0, 200))}, which is not an http(s) URL. Fix: set it to the server's API root, e.g. http://localhost:8000/v1, or unset it for api.openai.com.`,
    );
  }
  return url.hostname;
}

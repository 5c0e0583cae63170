import OpenAI from 'openai';
import { UserError } from '@toolwright/core';
import type { OpenAIModelOptions } from './openai-model-options';

/**
 * Returns `options.client`, or builds an `OpenAI` client from `apiKey` / `baseURL` and the
 * environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`).
 *
 * @throws UserError when no client is given and no API key can be found.
 */
export function resolveClient(options: OpenAIModelOptions, modelClass: string): OpenAI {
  if (options.client) return options.client;
  const apiKey = options.apiKey ?? nonEmpty(process.env.OPENAI_API_KEY);
  if (!apiKey) {
    throw new UserError(
      `${modelClass} for model "${options.model}" has no API key. Set the OPENAI_API_KEY environment ` +
        `variable, pass { apiKey }, or pass { client: new OpenAI({ apiKey, baseURL }) }. ` +
        `OpenAI-compatible servers that ignore keys still need a placeholder such as "unused".`,
    );
  }
  const baseURL = options.baseURL ?? nonEmpty(process.env.OPENAI_BASE_URL);
  return new OpenAI({
    apiKey,
    ...(baseURL ? { baseURL } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined;
}

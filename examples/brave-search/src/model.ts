import type { Model } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedResearcher } from './scripted-researcher';

/** The model of the example, and the line that says which one it is. */
export interface ExampleModel {
  model: Model;
  description: string;
}

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * No OPENAI_API_KEY: a ScriptedModel that searches once and answers from the results. With a
 * key: OPENAI_MODEL on the Responses API, or on Chat Completions when OPENAI_BASE_URL points at
 * another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): ExampleModel {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return { model: scriptedResearcher(), description: 'No OPENAI_API_KEY set: the model is a ScriptedModel.' };
  const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const api = env.OPENAI_API?.trim().toLowerCase() || (baseURL && !baseURL.includes('api.openai.com') ? 'chat' : 'responses');
  const options = { model: name, apiKey, ...(baseURL ? { baseURL } : {}) };
  if (api === 'chat') return { model: new OpenAIChatCompletionsModel(options), description: `The model is ${name} via Chat Completions at ${baseURL}.` };
  return { model: new OpenAIResponsesModel(options), description: `The model is ${name} via the Responses API.` };
}

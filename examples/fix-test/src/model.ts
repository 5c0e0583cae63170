import type { Model } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedFixer } from './scripted-fixer';

/** The model of the example, and the line that says which one it is. */
export interface ExampleModel {
  model: Model;
  description: string;
}

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the sandbox, the tools and the tests are real). With a key:
 * the model named by OPENAI_MODEL on the Responses API, or Chat Completions when OPENAI_BASE_URL
 * points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): ExampleModel {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return { model: scriptedFixer(), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
  const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const api = env.OPENAI_API?.trim().toLowerCase() || (baseURL && !baseURL.includes('api.openai.com') ? 'chat' : 'responses');
  const options = { model: name, apiKey, ...(baseURL ? { baseURL } : {}) };
  if (api === 'chat') return { model: new OpenAIChatCompletionsModel(options), description: `Running on ${name} via Chat Completions at ${baseURL}.` };
  return { model: new OpenAIResponsesModel(options), description: `Running on ${name} via the Responses API.` };
}

import type { Model } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedPlanner } from './scripted-planner';

/** The model of the example, and the line that says which one it is. */
export interface ExampleModel {
  model: Model;
  description: string;
}

/**
 * No OPENAI_API_KEY: a ScriptedModel (the tools, plan mode and the runner are real). With a key:
 * OPENAI_MODEL (default gpt-4.1-mini) on the Responses API, or Chat Completions when
 * OPENAI_BASE_URL points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): ExampleModel {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return { model: scriptedPlanner(), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
  const name = env.OPENAI_MODEL?.trim() || 'gpt-4.1-mini';
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const api = env.OPENAI_API?.trim().toLowerCase() || (baseURL && !baseURL.includes('api.openai.com') ? 'chat' : 'responses');
  const options = { model: name, apiKey, ...(baseURL ? { baseURL } : {}) };
  if (api === 'chat') return { model: new OpenAIChatCompletionsModel(options), description: `Running on ${name} via Chat Completions at ${baseURL}.` };
  return { model: new OpenAIResponsesModel(options), description: `Running on ${name} via the Responses API.` };
}

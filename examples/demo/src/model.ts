import type { Model } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedTripModel } from './scripted-trip';

/** The model of the demo, and the line that says which one it is. */
export interface DemoModel {
  model: Model;
  description: string;
}

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * Creates the demo's model.
 *
 * - No OPENAI_API_KEY: a ScriptedModel that plays the part of a good model (tools and timings
 *   are real).
 * - OPENAI_API_KEY set: a real model named by OPENAI_MODEL (default `gpt-4.1-mini`). Against
 *   api.openai.com it uses the Responses API; when OPENAI_BASE_URL points elsewhere (vLLM,
 *   Ollama, llama.cpp, a router) it uses Chat Completions, which those servers speak.
 *   OPENAI_API=responses or OPENAI_API=chat overrides that choice.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): DemoModel {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) {
    return { model: scriptedTripModel(), description: 'No OPENAI_API_KEY set: running on ScriptedModel (a scripted stand-in for the model; tools run for real).' };
  }
  const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const api = env.OPENAI_API?.trim().toLowerCase() || (baseURL && !baseURL.includes('api.openai.com') ? 'chat' : 'responses');
  const options = { model: name, apiKey, ...(baseURL ? { baseURL } : {}) };
  const where = baseURL ?? 'api.openai.com';
  if (api === 'chat') {
    return { model: new OpenAIChatCompletionsModel(options), description: `Running on ${name} via Chat Completions at ${where}.` };
  }
  return { model: new OpenAIResponsesModel(options), description: `Running on ${name} via the Responses API at ${where}.` };
}

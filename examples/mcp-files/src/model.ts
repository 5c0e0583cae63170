import type { Model } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedFilesModel } from './scripted-files';

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the MCP server and its tools are real). With a key: the
 * model named by OPENAI_MODEL, on the Responses API, or Chat Completions when OPENAI_BASE_URL
 * points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(root: string, env: NodeJS.ProcessEnv = process.env): { model: Model; description: string } {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return { model: scriptedFilesModel(root), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
  const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const api = env.OPENAI_API?.trim().toLowerCase() || (baseURL && !baseURL.includes('api.openai.com') ? 'chat' : 'responses');
  const options = { model: name, apiKey, ...(baseURL ? { baseURL } : {}) };
  if (api === 'chat') return { model: new OpenAIChatCompletionsModel(options), description: `Running on ${name} via Chat Completions at ${baseURL}.` };
  return { model: new OpenAIResponsesModel(options), description: `Running on ${name} via the Responses API.` };
}

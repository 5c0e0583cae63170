import type { Model } from '@toolwright/core';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { scriptedSupportModel } from './scripted-support.model';

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * The app's model: OpenAI's Responses API when OPENAI_API_KEY is set (model OPENAI_MODEL,
 * optionally OPENAI_BASE_URL), otherwise the scripted stand-in, so the app runs with no key.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): { model: Model; description: string } {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return { model: scriptedSupportModel(), description: 'ScriptedModel (no OPENAI_API_KEY set)' };
  const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  return { model: new OpenAIResponsesModel({ model: name, apiKey }), description: `OpenAI Responses API, model ${name}` };
}

import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedSupportModel } from './scripted-support.model';

/**
 * The app's model: the one `modelFromEnv` makes when OPENAI_API_KEY is set (OPENAI_MODEL, default
 * gpt-4.1-mini, on the Responses API, or Chat Completions when OPENAI_BASE_URL points at another
 * server), otherwise the scripted stand-in, so the app runs with no key.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedSupportModel(), description: 'ScriptedModel (no OPENAI_API_KEY set)' };
}

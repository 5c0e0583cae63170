import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedResearcher } from './scripted-researcher';

/**
 * No OPENAI_API_KEY: a ScriptedModel that searches once and answers from the results. With a
 * key: OPENAI_MODEL on the Responses API, or on Chat Completions when OPENAI_BASE_URL points at
 * another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedResearcher(), description: 'No OPENAI_API_KEY set: the model is a ScriptedModel.' };
}

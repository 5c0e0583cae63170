import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedSupportModel } from './scripted-support';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the tools and the approval flow are real). With a key: the
 * model named by OPENAI_MODEL, on the Responses API at api.openai.com, or Chat Completions when
 * OPENAI_BASE_URL points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedSupportModel(), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
}

import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedShop } from './scripted-shop';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the runner, tools and tracing are real). With a key:
 * OPENAI_MODEL (default gpt-4.1-mini) on the Responses API, or Chat Completions when
 * OPENAI_BASE_URL points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedShop(), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
}

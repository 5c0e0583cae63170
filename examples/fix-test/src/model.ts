import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedFixer } from './scripted-fixer';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the sandbox, the tools and the tests are real). With a key:
 * the model named by OPENAI_MODEL on the Responses API, or Chat Completions when OPENAI_BASE_URL
 * points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedFixer(), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
}

import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedFilesModel } from './scripted-files';

/**
 * No OPENAI_API_KEY: a ScriptedModel (the MCP server and its tools are real). With a key: the
 * model named by OPENAI_MODEL, on the Responses API, or Chat Completions when OPENAI_BASE_URL
 * points at another server (OPENAI_API=responses|chat overrides).
 */
export function createModel(root: string, env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedFilesModel(root), description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
}

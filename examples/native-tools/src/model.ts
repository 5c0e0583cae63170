import OpenAI from 'openai';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { ScriptedResponsesServer } from './scripted-responses-server';

/** The model of the example, the line that says which one it is, and how to stop what it started. */
export interface ExampleModel {
  model: OpenAIResponsesModel;
  description: string;
  close(): Promise<void>;
}

/** The model used when OPENAI_API_KEY is set and OPENAI_MODEL is not (documented for the built-in tools). */
export const DEFAULT_OPENAI_MODEL = 'gpt-5.1';

/**
 * With OPENAI_API_KEY: the model named by OPENAI_MODEL (default gpt-5.1) on the Responses API.
 * Without: the same `OpenAIResponsesModel` and `openai` client against a scripted Responses
 * server on loopback, which answers with built-in `shell_call` and `apply_patch_call` items.
 */
export async function createModel(env: NodeJS.ProcessEnv = process.env): Promise<ExampleModel> {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (apiKey) {
    const name = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
    const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
    return {
      model: new OpenAIResponsesModel({ model: name, apiKey, ...(baseURL ? { baseURL } : {}) }),
      description: `Running on ${name} via the Responses API.`,
      close: async () => undefined,
    };
  }
  const server = await new ScriptedResponsesServer().start();
  const client = new OpenAI({ apiKey: 'sk-scripted', baseURL: server.baseURL, maxRetries: 0 });
  return {
    model: new OpenAIResponsesModel({ client, model: 'gpt-5.1' }),
    description: `No OPENAI_API_KEY set: running on a scripted Responses API server at ${server.baseURL}.`,
    close: () => server.close(),
  };
}

import { modelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedTripModel } from './scripted-trip';

/**
 * Creates the demo's model.
 *
 * - No OPENAI_API_KEY: a ScriptedModel that plays the part of a good model (tools and timings
 *   are real).
 * - OPENAI_API_KEY set: the real model `modelFromEnv` (@toolwright/openai) makes, named by
 *   OPENAI_MODEL (default `gpt-4.1-mini`). Against api.openai.com it uses the Responses API;
 *   when OPENAI_BASE_URL points elsewhere (vLLM, Ollama, llama.cpp, a router) it uses Chat
 *   Completions, which those servers speak. OPENAI_API=responses or OPENAI_API=chat overrides
 *   that choice.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  return modelFromEnv(env) ?? { model: scriptedTripModel(), description: 'No OPENAI_API_KEY set: running on ScriptedModel (a scripted stand-in for the model; tools run for real).' };
}

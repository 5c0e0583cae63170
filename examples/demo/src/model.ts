import { modelFromEnv as aiSdkModelFromEnv } from '@toolwright/ai-sdk';
import { modelFromEnv as openAIModelFromEnv, type EnvModel } from '@toolwright/openai';
import { scriptedTripModel } from './scripted-trip';

/**
 * Creates the demo's model.
 *
 * - OPENAI_API_KEY set: the real model `modelFromEnv` (@toolwright/openai) makes, named by
 *   OPENAI_MODEL (default `gpt-4.1-mini`). Against api.openai.com it uses the Responses API;
 *   when OPENAI_BASE_URL points elsewhere (vLLM, Ollama, llama.cpp, a router) it uses Chat
 *   Completions, which those servers speak. OPENAI_API=responses or OPENAI_API=chat overrides
 *   that choice.
 * - Otherwise ANTHROPIC_API_KEY (or another provider's key, see @toolwright/ai-sdk's
 *   `modelFromEnv`): that provider through the AI SDK, e.g. Claude (ANTHROPIC_MODEL, default
 *   `claude-sonnet-4-5`). OpenAI wins when both keys are set, as the demo always did;
 *   TOOLWRIGHT_PROVIDER=anthropic (or google, ...) picks the other.
 * - No key: a ScriptedModel that plays the part of a good model (tools and timings are real).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  const named = env['TOOLWRIGHT_PROVIDER']?.trim() ? aiSdkModelFromEnv(env) : undefined;
  return (
    named ??
    openAIModelFromEnv(env) ??
    aiSdkModelFromEnv(env) ?? {
      model: scriptedTripModel(),
      description: 'No OPENAI_API_KEY or ANTHROPIC_API_KEY set: running on ScriptedModel (a scripted stand-in for the model; tools run for real).',
    }
  );
}

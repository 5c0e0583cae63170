import type { Model } from '@toolwright/core';
import { scriptedTripModel } from './scripted-trip';

/** The model of the demo, and the line that says which one it is. */
export interface DemoModel {
  model: Model;
  description: string;
}

/**
 * Creates the demo's model. Without OPENAI_API_KEY the demo runs on a ScriptedModel that plays
 * the part of a good model (tools and timings are real).
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): DemoModel {
  if (!env.OPENAI_API_KEY) {
    return { model: scriptedTripModel(), description: 'No OPENAI_API_KEY set: running on ScriptedModel (a scripted stand-in for the model; tools run for real).' };
  }
  return {
    model: scriptedTripModel(),
    description: 'OPENAI_API_KEY is set, but this build of the demo has no OpenAI model yet: running on ScriptedModel.',
  };
}

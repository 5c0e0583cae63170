import { ScriptedModel } from '@toolwright/core';
import { modelFromEnv, type EnvModel } from '@toolwright/openai';

/**
 * No OPENAI_API_KEY: a ScriptedModel that checks the forecast, answers once with a plan the type
 * refuses (0 nights), then with a valid one after the violations were sent back. With a key: the
 * model `modelFromEnv` makes (OPENAI_MODEL, OPENAI_BASE_URL), sent the strict schema.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): EnvModel {
  const day = (date: string, activities: string[]) => ({ date, activities });
  const plan = {
    destination: 'Oslo',
    nights: 2,
    pace: 'relaxed',
    days: [day('2026-06-01T09:00:00.000Z', ['Vigeland park', 'fjord cruise']), day('2026-06-02T09:00:00.000Z', ['Munch museum'])],
    notes: 'Pack a rain jacket for the second day.',
  };
  const scripted = new ScriptedModel([
    { toolCalls: [{ name: 'forecast', arguments: { city: 'Oslo' } }] },
    { output: { ...plan, nights: 0 } },
    { output: plan },
  ]);
  return modelFromEnv(env) ?? { model: scripted, description: 'No OPENAI_API_KEY set: running on ScriptedModel.' };
}

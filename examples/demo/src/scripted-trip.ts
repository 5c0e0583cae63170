import { ScriptedModel, type FunctionCallOutputItem, type ModelRequest } from '@toolwright/core';

function outputOf(request: ModelRequest, toolCallId: string): string {
  const item = request.input.find((i): i is FunctionCallOutputItem => i.type === 'function_call_output' && i.callId === toolCallId);
  return typeof item?.output === 'string' ? item.output : '';
}

/**
 * The model used when no OPENAI_API_KEY is set: a script of what a good model does for this
 * request, with its final answer built from the tools' real outputs.
 */
export function scriptedTripModel(): ScriptedModel {
  return new ScriptedModel([
    {
      text: "I'll look for flights from Oslo to Bergen first.",
      toolCalls: [{ name: 'search_flights', arguments: { from: 'Oslo', to: 'Bergen', date: '2025-06-12' }, callId: 'flights' }],
      usage: { inputTokens: 412, outputTokens: 38 },
      delayMs: 300,
      deltaDelayMs: 25,
    },
    {
      text: 'Found flights. Now the weather and hotels, at the same time.',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Bergen', date: '2025-06-12' }, callId: 'weather' },
        { name: 'find_hotels', arguments: { city: 'Bergen', nights: 2, maxPricePerNight: 150 }, callId: 'hotels' },
      ],
      usage: { inputTokens: 540, outputTokens: 61 },
      delayMs: 300,
      deltaDelayMs: 25,
    },
    (request) => {
      const flight = outputOf(request, 'flights').split('\n')[0] ?? '';
      const hotel = outputOf(request, 'hotels').split('\n')[0] ?? '';
      const weather = JSON.parse(outputOf(request, 'weather') || '{}') as { forecast?: string; highC?: number };
      return {
        text:
          `Here is your Bergen weekend:\n` +
          `- Flight: ${flight}\n` +
          `- Hotel: ${hotel}\n` +
          `- Weather: ${weather.forecast}, up to ${weather.highC}°C — pack a rain jacket.`,
        usage: { inputTokens: 733, outputTokens: 84 },
        delayMs: 300,
      deltaDelayMs: 25,
      };
    },
  ]);
}

import type { ModelRequest, ModelStreamEvent } from '@toolwright/core';

/** Drains a model stream into an array. */
export async function collect(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The `completed` event's response (the stream's last event). */
export function completedOf(events: ModelStreamEvent[]) {
  const last = events[events.length - 1];
  if (last?.type !== 'completed') throw new Error(`stream did not end with completed: ${JSON.stringify(last)}`);
  return last.response;
}

/** A request with one user message and the given tools. */
export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { input: [{ type: 'message', role: 'user', content: 'What is the capital of PotatoLand?' }], tools: [], settings: {}, ...overrides };
}

/** A strict tool definition, as the runner provides it. */
export const capitalTool = {
  name: 'get_capital',
  description: 'Look up the capital city of a country.',
  parameters: {
    type: 'object',
    properties: { country: { type: 'string' } },
    required: ['country'],
    additionalProperties: false,
  },
  strict: true,
};

/** A non-strict tool definition. */
export const lookupTool = {
  name: 'db_lookup',
  description: 'Look up a value by key.',
  parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  strict: false,
};

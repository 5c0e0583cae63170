import { Agent, ToolResult, type RunEvent } from '@toolwright/core';

/** A run's event as any process reads it: the runner's event with the id of its stream entry. */
export type QueuedRunEvent = RunEvent & { eventId: string };

/** The entries that end a run's stream without being events of the runner. @internal */
export type EndEntry = { type: 'run_failed'; error: { name: string; message: string } } | { type: 'run_cancelled' } | { type: 'run_ended' };

/** Most bytes of one stored event; a bigger one is stored without its payload. @internal */
export const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * An event as JSON for the run's stream: agents become `{ name }`, a result its public view
 * (`result.toJSON()`), tool results their fields. @internal
 */
export function encodeEvent(event: RunEvent | EndEntry): string {
  const text = JSON.stringify(event, (_key, value: unknown) => (value instanceof Agent ? { name: value.name } : value));
  if (Buffer.byteLength(text) <= MAX_EVENT_BYTES) return text;
  // Tool outputs are capped by the runner; a run's full result (history) can still be large.
  const { type } = event;
  const agent = 'agent' in event && event.agent instanceof Agent ? { name: event.agent.name } : undefined;
  return JSON.stringify({ type, ...(agent ? { agent } : {}), omitted: `the event was larger than ${MAX_EVENT_BYTES} bytes` });
}

/** An entry of the run's stream back as an event (tool results as `ToolResult`s). @internal */
export function decodeEvent(eventId: string, text: string): QueuedRunEvent | EndEntry {
  const event = JSON.parse(text) as Record<string, unknown>;
  if ((event.type === 'tool_output' || event.type === 'tool_progress') && isRecord(event.result)) event.result = toolResultOf(event.result);
  if (event.type === 'run_failed' || event.type === 'run_cancelled' || event.type === 'run_ended') return event as unknown as EndEntry;
  return { ...(event as unknown as RunEvent), eventId };
}

function toolResultOf(json: Record<string, unknown>): ToolResult {
  const content = Array.isArray(json.content) ? (json.content as Parameters<typeof ToolResult.of>[0]) : [];
  const result = ToolResult.of(content);
  for (const [key, value] of Object.entries(json)) {
    if (key !== 'content' && key !== '__proto__' && key !== 'constructor') (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { Agent, Runner, ScriptedModel, type RunEvent, type RunResult, type ToolEntry } from '@toolwright/core';

/** Streams a run in which the model makes `calls` (one turn), then answers "done"; returns its events and result. */
export async function runCalls(tools: ToolEntry[], calls: Array<{ name: string; arguments: object }>): Promise<{ events: RunEvent[]; result: RunResult }> {
  const model = new ScriptedModel([{ toolCalls: calls.map((c, i) => ({ ...c, callId: `call_${i + 1}` })) }, { text: 'done' }]);
  const stream = new Runner({ model }).stream(new Agent({ name: 'coder', tools }), 'go');
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, result: await stream.result };
}

/** The `tool_output` events' results, by call id. */
export function outputs(events: RunEvent[]): Record<string, { text: string; isError?: boolean; display?: string; details?: Record<string, unknown> }> {
  const out: Record<string, { text: string; isError?: boolean; display?: string; details?: Record<string, unknown> }> = {};
  for (const e of events) {
    if (e.type === 'tool_output') out[e.callId] = { text: e.result.text, isError: e.result.isError, display: e.result.display, details: e.result.details };
  }
  return out;
}

import type { ContentPart, FunctionCallOutputItem, Item, RunEvent, RunResult, RunStream } from '@toolwright/core';

/** The function_call_output items of a run, by call id. */
export function outputsOf(result: RunResult): Map<string, string | ContentPart[]> {
  const out = new Map<string, string | ContentPart[]>();
  for (const item of result.newItems as Item[]) {
    if (item.type === 'function_call_output') out.set((item as FunctionCallOutputItem).callId, (item as FunctionCallOutputItem).output);
  }
  return out;
}

/** The output of one call as text (text parts joined; other parts named by type). */
export function outputText(result: RunResult, callId: string): string {
  const output = outputsOf(result).get(callId);
  if (output === undefined) throw new Error(`no output for call ${callId}`);
  if (typeof output === 'string') return output;
  return output.map((p) => (p.type === 'input_text' ? p.text : `[${p.type}]`)).join('\n');
}

/** Drains a stream, returning its events and result. */
export async function drain(stream: RunStream): Promise<{ events: RunEvent[]; result: RunResult }> {
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, result: await stream.result };
}

import type { Item, MessageItem, ModelResponse, ReasoningItem, Usage } from '@toolwright/core';
import { normaliseArguments, usageFromWire, type Json } from '../shared/wire-values';
import { fromNativeCall } from '../native/native-items';

/** The parts of a Responses API `response` object the models read. */
export interface ResponsesWireResponse {
  id?: string;
  status?: string;
  output?: Json[];
  usage?: Json | null;
  incomplete_details?: { reason?: string } | null;
  error?: { message?: string; code?: string } | null;
}

/** Maps a Responses API `response` (non-streamed, or from `response.completed`) to a `ModelResponse`. */
export function toModelResponse(response: ResponsesWireResponse, output: Json[] = response.output ?? [], natives: ReadonlyMap<string, string> = NO_NATIVES): ModelResponse {
  const out: ModelResponse = { output: toItems(output, natives) };
  if (response.id) out.id = response.id;
  const usage = toUsage(response.usage);
  if (usage) out.usage = usage;
  if (response.status === 'incomplete') {
    out.status = 'incomplete';
    out.incompleteReason = response.incomplete_details?.reason ?? 'unknown';
  } else {
    out.status = 'completed';
  }
  return out;
}

const NO_NATIVES: ReadonlyMap<string, string> = new Map();

/**
 * Output items to Toolwright items: messages (text and refusals), function calls and reasoning
 * items. Reasoning is kept verbatim (id, summary, encrypted content) so it can be sent back.
 * A call of a built-in tool that was offered for one of the agent's tools (`natives`: call type →
 * tool name) becomes a call of that tool; other built-in tools' items are left out.
 */
export function toItems(output: Json[], natives: ReadonlyMap<string, string> = NO_NATIVES): Item[] {
  const items: Item[] = [];
  for (const raw of output) {
    const native = natives.size > 0 ? fromNativeCall(raw, natives) : undefined;
    if (native !== undefined) items.push(native);
    else if (raw.type === 'message') items.push(toMessage(raw));
    else if (raw.type === 'function_call') {
      items.push({
        type: 'function_call',
        callId: String(raw.call_id ?? raw.id),
        name: String(raw.name),
        arguments: normaliseArguments(raw.arguments),
        ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
      });
    } else if (raw.type === 'reasoning') items.push(toReasoning(raw));
  }
  return items;
}

function toMessage(raw: Json): MessageItem {
  const parts = Array.isArray(raw.content) ? (raw.content as Json[]) : [];
  const text = parts.filter((p) => p.type === 'output_text').map((p) => String(p.text ?? '')).join('');
  const refusals = parts.filter((p) => p.type === 'refusal').map((p) => String(p.refusal ?? ''));
  const message: MessageItem = { type: 'message', role: 'assistant', content: text };
  if (typeof raw.id === 'string') message.id = raw.id;
  if (refusals.length > 0) {
    message.refusal = refusals.join('');
    if (text === '') message.content = message.refusal;
  }
  if (typeof raw.phase === 'string') message.providerData = { phase: raw.phase };
  return message;
}

function toReasoning(raw: Json): ReasoningItem {
  const item: ReasoningItem = { type: 'reasoning' };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'status' || value === null || value === undefined) continue;
    item[key] = value;
  }
  return item;
}

/** Responses API usage to Toolwright usage (one request). */
export function toUsage(usage: Json | null | undefined): Partial<Usage> | undefined {
  return usageFromWire(usage, {
    input: 'input_tokens',
    output: 'output_tokens',
    inputDetails: 'input_tokens_details',
    outputDetails: 'output_tokens_details',
  });
}

import type { Item, MessageItem, ModelResponse, Usage } from '@toolwright/core';
import { normaliseArguments, usageFromWire, type Json } from '../shared/wire-values';

/** A tool call as assembled from a completion or from stream deltas. */
export interface ChatToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The parts of one assistant turn the models read, streamed or not. */
export interface ChatTurn {
  id?: string;
  text: string;
  refusal?: string;
  toolCalls: ChatToolCall[];
  finishReason?: string | null;
  usage?: Json | null;
}

/**
 * Maps one assistant turn to a `ModelResponse`: the text (or refusal) as a message, then the
 * tool calls in order. `finish_reason: length` or `content_filter` marks the response incomplete
 * so that half-formed calls are never executed.
 */
export function chatTurnToResponse(turn: ChatTurn): ModelResponse {
  const output: Item[] = [];
  if (turn.text !== '' || turn.refusal !== undefined) {
    const message: MessageItem = { type: 'message', role: 'assistant', content: turn.text };
    if (turn.refusal !== undefined) {
      message.refusal = turn.refusal;
      if (turn.text === '') message.content = turn.refusal;
    }
    output.push(message);
  }
  for (const call of turn.toolCalls) {
    output.push({ type: 'function_call', callId: call.id, name: call.name, arguments: normaliseArguments(call.arguments) });
  }
  const response: ModelResponse = { output, status: 'completed' };
  if (turn.id) response.id = turn.id;
  const usage = toChatUsage(turn.usage);
  if (usage) response.usage = usage;
  if (turn.finishReason === 'length' || turn.finishReason === 'content_filter') {
    response.status = 'incomplete';
    response.incompleteReason = turn.finishReason === 'length' ? 'max_output_tokens' : 'content_filter';
  }
  return response;
}

/** A non-streamed completion to a `ChatTurn` (first choice). */
export function completionToTurn(completion: Json): ChatTurn {
  const choice = ((completion.choices as Json[] | undefined) ?? [])[0] ?? {};
  const message = (choice.message as Json | undefined) ?? {};
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as Json[]) : [];
  const turn: ChatTurn = {
    text: typeof message.content === 'string' ? message.content : '',
    toolCalls: calls
      .filter((c) => c.type === undefined || c.type === 'function')
      .map((c, i) => {
        const fn = (c.function as Json | undefined) ?? {};
        return {
          id: typeof c.id === 'string' && c.id !== '' ? c.id : syntheticCallId(completion.id, i),
          name: String(fn.name ?? ''),
          arguments: typeof fn.arguments === 'string' ? fn.arguments : '',
        };
      }),
    finishReason: (choice.finish_reason as string | null | undefined) ?? null,
    usage: (completion.usage as Json | null | undefined) ?? null,
  };
  if (typeof completion.id === 'string') turn.id = completion.id;
  if (typeof message.refusal === 'string') turn.refusal = message.refusal;
  return turn;
}

/** A call id for servers that leave `id` out, stable within one response. */
export function syntheticCallId(responseId: unknown, index: number): string {
  return `call_${typeof responseId === 'string' ? responseId : 'chat'}_${index}`;
}

/** Chat Completions usage to Toolwright usage (one request). */
export function toChatUsage(usage: Json | null | undefined): Partial<Usage> | undefined {
  return usageFromWire(usage, {
    input: 'prompt_tokens',
    output: 'completion_tokens',
    inputDetails: 'prompt_tokens_details',
    outputDetails: 'completion_tokens_details',
  });
}

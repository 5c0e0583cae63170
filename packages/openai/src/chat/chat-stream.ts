import type { ModelResponse, ModelStreamEvent } from '@toolwright/core';
import type { Json } from '../shared/wire-values';
import { chatTurnToResponse, syntheticCallId, type ChatToolCall, type ChatTurn } from './chat-output';

/**
 * Folds Chat Completions chunks into Toolwright stream events and, at the end, one
 * `ModelResponse`. Tool calls are assembled by their `index`; the tolerances below come from
 * real traffic of OpenAI and of OpenAI-compatible servers:
 *
 * - `arguments` may be `null` (never sent as `"{}"`), or `""` followed by `"{}"`: fragments are
 *   concatenated with `null` as `""`, and a call that ends with no arguments gets `"{}"`.
 * - A server may repeat `id` and `name` on every delta of a call: they are set once, never
 *   concatenated.
 * - Usage arrives on a last chunk with `choices: []`, or on a chunk that also carries a choice;
 *   the last usage seen wins. `obfuscation` and other unknown fields are ignored.
 */
export class ChatStreamState {
  private readonly turn: ChatTurn = { text: '', toolCalls: [], finishReason: null, usage: null };
  private readonly callsByIndex = new Map<number, ChatToolCall>();

  /** Handles one chunk; returns the stream events it produces. */
  handle(chunk: Json): ModelStreamEvent[] {
    if (typeof chunk.id === 'string' && !this.turn.id) this.turn.id = chunk.id;
    if (chunk.usage) this.turn.usage = chunk.usage as Json;
    const choices = Array.isArray(chunk.choices) ? (chunk.choices as Json[]) : [];
    const choice = choices.find((c) => c.index === undefined || c.index === 0);
    if (!choice) return [];
    if (typeof choice.finish_reason === 'string') this.turn.finishReason = choice.finish_reason;
    const delta = (choice.delta as Json | undefined) ?? {};
    const events: ModelStreamEvent[] = [];
    if (typeof delta.content === 'string' && delta.content !== '') {
      this.turn.text += delta.content;
      events.push({ type: 'text_delta', delta: delta.content });
    }
    if (typeof delta.refusal === 'string') this.turn.refusal = (this.turn.refusal ?? '') + delta.refusal;
    // Compatible servers (vLLM, DeepSeek, llama.cpp) stream reasoning under one of these names.
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning !== '') events.push({ type: 'reasoning_delta', delta: reasoning });
    if (Array.isArray(delta.tool_calls)) {
      (delta.tool_calls as Json[]).forEach((fragment, position) => {
        const event = this.onToolCallFragment(fragment, position);
        if (event) events.push(event);
      });
    }
    return events;
  }

  /** The final response, with every tool call complete. */
  result(): ModelResponse {
    this.turn.toolCalls = [...this.callsByIndex.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: this.callIdOf(call, index) }));
    return chatTurnToResponse(this.turn);
  }

  private onToolCallFragment(fragment: Json, position: number): ModelStreamEvent | undefined {
    const index = typeof fragment.index === 'number' ? fragment.index : position;
    const fn = (fragment.function as Json | undefined) ?? {};
    let call = this.callsByIndex.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: '' };
      this.callsByIndex.set(index, call);
    }
    if (call.id === '' && typeof fragment.id === 'string' && fragment.id !== '') call.id = fragment.id;
    if (call.name === '' && typeof fn.name === 'string') call.name = fn.name;
    const piece = typeof fn.arguments === 'string' ? fn.arguments : '';
    if (piece === '') return undefined;
    call.arguments += piece;
    return { type: 'function_call_arguments_delta', callId: this.callIdOf(call, index), name: call.name, delta: piece };
  }

  /** The call's id, or a stable stand-in for servers that never send one. */
  private callIdOf(call: ChatToolCall, index: number): string {
    return call.id !== '' ? call.id : syntheticCallId(this.turn.id, index);
  }
}

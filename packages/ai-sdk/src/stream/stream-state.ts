import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import { ModelError, type ModelResponse, type ModelStreamEvent, type ModelToolDefinition, type ReasoningItem } from '@toolwright/core';
import { toModelError } from '../errors/to-model-error';
import { METADATA_KEY, mergeMetadata } from '../provider/item-metadata';
import { OutputBuilder } from '../response/output-builder';

/** A tool call whose input is still arriving. */
interface PendingInput {
  name: string;
  input: string;
  metadata?: SharedV3ProviderMetadata;
}

/**
 * Folds the specification's stream parts into Toolwright stream events and, at the end, one
 * `ModelResponse` (items in the order the provider produced them, see `OutputBuilder`).
 *
 * - Tool input arrives in `tool-input-delta` pieces split anywhere; each piece is reported as a
 *   `function_call_arguments_delta`, and the call reaches the response only complete, from its
 *   `tool-call` part (or, from a provider that never sends one, from its assembled pieces).
 * - Reasoning parts are kept by id; what the provider attaches to any of them (Anthropic sends a
 *   thinking block's signature on a delta of its own) is kept on the reasoning item.
 * - An `error` part throws a `ModelError`; a stream that ends without `finish` too.
 */
export class StreamState {
  private readonly builder: OutputBuilder;
  private readonly reasoning = new Map<string, ReasoningItem>();
  private readonly inputs = new Map<string, PendingInput>();
  private responseId: string | undefined;
  private finished: { reason: LanguageModelV3FinishReason; usage: LanguageModelV3Usage } | undefined;

  constructor(
    family: string,
    strictDefinitions: ReadonlyMap<string, ModelToolDefinition>,
    /** The provider and model, for error messages. */
    private readonly where: string,
  ) {
    this.builder = new OutputBuilder(family, strictDefinitions);
  }

  /** Handles one stream part; returns the stream events it produces. */
  handle(part: LanguageModelV3StreamPart): ModelStreamEvent[] {
    switch (part.type) {
      case 'response-metadata':
        if (part.id && !this.responseId) this.responseId = part.id;
        return [];
      case 'text-start':
      case 'text-end':
        if (part.providerMetadata) this.builder.addText('', part.providerMetadata);
        return [];
      case 'text-delta':
        this.builder.addText(part.delta, part.providerMetadata);
        return part.delta === '' ? [] : [{ type: 'text_delta', delta: part.delta }];
      case 'reasoning-start':
      case 'reasoning-end':
        this.reasoningItem(part.id, part.providerMetadata);
        return [];
      case 'reasoning-delta': {
        const item = this.reasoningItem(part.id, part.providerMetadata);
        item.text = `${item.text as string}${part.delta}`;
        return part.delta === '' ? [] : [{ type: 'reasoning_delta', delta: part.delta }];
      }
      case 'tool-input-start':
        if (!part.providerExecuted) this.inputs.set(part.id, { name: part.toolName, input: '', ...(part.providerMetadata ? { metadata: part.providerMetadata } : {}) });
        return [];
      case 'tool-input-delta': {
        const pending = this.inputs.get(part.id);
        if (!pending || part.delta === '') return [];
        pending.input += part.delta;
        return [{ type: 'function_call_arguments_delta', callId: part.id, name: pending.name, delta: part.delta }];
      }
      case 'tool-call':
        this.inputs.delete(part.toolCallId);
        this.builder.addToolCall(part);
        return [];
      case 'finish':
        this.finished = { reason: part.finishReason, usage: part.usage };
        return [];
      case 'error':
        throw toModelError(part.error, `${this.where} (stream)`);
      default:
        return [];
    }
  }

  /** The response the stream amounted to; throws when it ended without a `finish` part. */
  result(): ModelResponse {
    if (!this.finished) {
      throw new ModelError(`${this.where} stream ended without a finish part; the connection may have been cut. The response was incomplete; try again.`);
    }
    // A provider that ends a call's input without a tool-call part: the call as assembled.
    for (const [id, pending] of this.inputs) {
      this.builder.addToolCall({ type: 'tool-call', toolCallId: id, toolName: pending.name, input: pending.input, ...(pending.metadata ? { providerMetadata: pending.metadata } : {}) });
    }
    return this.builder.finish(this.finished.reason, this.finished.usage, this.responseId);
  }

  private reasoningItem(id: string, metadata: SharedV3ProviderMetadata | undefined): ReasoningItem {
    let item = this.reasoning.get(id);
    if (!item) {
      item = this.builder.addReasoning('');
      this.reasoning.set(id, item);
    }
    if (metadata && Object.keys(metadata).length > 0) {
      item[METADATA_KEY] = mergeMetadata(item[METADATA_KEY] as SharedV3ProviderMetadata | undefined, metadata);
    }
    return item;
  }
}

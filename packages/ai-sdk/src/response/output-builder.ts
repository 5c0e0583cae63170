import type {
  LanguageModelV3Content, LanguageModelV3FinishReason, LanguageModelV3ToolCall, LanguageModelV3Usage, SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import type { Item, MessageItem, ModelResponse, ModelToolDefinition, ReasoningItem } from '@toolwright/core';
import { METADATA_KEY, mergeMetadata, providerData } from '../provider/item-metadata';
import { callArguments } from './call-arguments';
import { toUsage } from './usage';

/** The text of a refusal whose provider said nothing. */
export const REFUSAL_WITHOUT_TEXT = 'The model declined to answer.';

/**
 * Assembles one answer's items in the order the provider produced them, from a generated
 * result's content or from a stream's parts:
 *
 * - text that follows text is one assistant message (what the provider attached to its parts
 *   kept in `providerData.providerMetadata`);
 * - each reasoning part is a `reasoning` item `{ provider, text, providerMetadata }`: the
 *   signature that Anthropic requires back with a thinking block travels in it;
 * - each client-side tool call is a `function_call` (provider-executed calls and their results,
 *   sources and files are not Toolwright items and are left out).
 */
export class OutputBuilder {
  private readonly items: Item[] = [];
  private message: MessageItem | undefined;

  constructor(
    /** The provider family, recorded on reasoning items (sent back only to the same family). */
    private readonly family: string,
    /** The strict tools by name: their arguments get `null` for omitted optional fields. */
    private readonly strictDefinitions: ReadonlyMap<string, ModelToolDefinition>,
  ) {}

  /** Adds one part of a generated result's content. */
  addContent(part: LanguageModelV3Content): void {
    if (part.type === 'text') this.addText(part.text, part.providerMetadata);
    else if (part.type === 'reasoning') this.addReasoning(part.text, part.providerMetadata);
    else if (part.type === 'tool-call') this.addToolCall(part);
  }

  /** Adds text to the current assistant message, or starts one. */
  addText(text: string, metadata?: SharedV3ProviderMetadata): void {
    if (text === '' && !metadata) return;
    if (!this.message) {
      this.message = { type: 'message', role: 'assistant', content: '' };
      this.items.push(this.message);
    }
    this.message.content = `${this.message.content as string}${text}`;
    this.mergeMetadata(this.message, metadata);
  }

  /** Adds a reasoning item; the next text starts a new message. */
  addReasoning(text: string, metadata?: SharedV3ProviderMetadata): ReasoningItem {
    this.message = undefined;
    const item: ReasoningItem = { type: 'reasoning', provider: this.family, text };
    if (metadata && Object.keys(metadata).length > 0) item[METADATA_KEY] = metadata;
    this.items.push(item);
    return item;
  }

  /** Adds a client-side tool call; provider-executed calls are left out. */
  addToolCall(call: LanguageModelV3ToolCall): void {
    if (call.providerExecuted) return;
    this.message = undefined;
    const data = providerData(call.providerMetadata);
    this.items.push({
      type: 'function_call',
      callId: call.toolCallId,
      name: call.toolName,
      arguments: callArguments(call.toolName, typeof call.input === 'string' ? call.input : JSON.stringify(call.input ?? {}), this.strictDefinitions),
      ...(data ? { providerData: data } : {}),
    });
  }

  /**
   * The response. A refusal (Anthropic's `refusal` stop reason) marks the message as one; a cut
   * (`length`), a content filter or an error marks the response incomplete, so that its tool
   * calls, possibly half-formed, are never run.
   */
  finish(finishReason: LanguageModelV3FinishReason | undefined, usage: LanguageModelV3Usage | undefined, id: string | undefined): ModelResponse {
    const response: ModelResponse = { output: this.items, status: 'completed' };
    if (id) response.id = id;
    const counted = toUsage(usage);
    if (counted) response.usage = counted;
    const unified = finishReason?.unified;
    if (finishReason?.raw === 'refusal') {
      this.markRefusal();
    } else if (unified === 'length' || unified === 'content-filter' || unified === 'error') {
      response.status = 'incomplete';
      response.incompleteReason = unified === 'length' ? 'max_output_tokens' : unified === 'content-filter' ? 'content_filter' : 'error';
    }
    return response;
  }

  private markRefusal(): void {
    const messages = this.items.filter((item): item is MessageItem => item.type === 'message');
    const last = messages[messages.length - 1];
    if (!last) {
      this.items.push({ type: 'message', role: 'assistant', content: REFUSAL_WITHOUT_TEXT, refusal: REFUSAL_WITHOUT_TEXT });
      return;
    }
    const text = last.content as string;
    last.refusal = text === '' ? REFUSAL_WITHOUT_TEXT : text;
    if (text === '') last.content = REFUSAL_WITHOUT_TEXT;
  }

  private mergeMetadata(message: MessageItem, metadata: SharedV3ProviderMetadata | undefined): void {
    if (!metadata || Object.keys(metadata).length === 0) return;
    const previous = message.providerData?.[METADATA_KEY] as SharedV3ProviderMetadata | undefined;
    message.providerData = { ...message.providerData, [METADATA_KEY]: mergeMetadata(previous, metadata) };
  }
}

import type { ModelResponse, ModelStreamEvent } from '@toolwright/core';
import { streamError } from '../errors/to-model-error';
import type { Json } from '../shared/wire-values';
import { toModelResponse, type ResponsesWireResponse } from './responses-output';

interface PendingItem {
  item: Json;
  arguments: string;
}

/**
 * Folds the Server-Sent Events of a streamed Responses API request into Toolwright stream events
 * and, at the end, one `ModelResponse`. Function-call arguments are accumulated per output item
 * and only reach the final response complete.
 */
export class ResponsesStreamState {
  private responseId: string | undefined;
  private final: ModelResponse | undefined;
  /** Items by output_index: from `output_item.added`, replaced by `output_item.done`. */
  private readonly items = new Map<number, PendingItem>();
  private readonly indexByItemId = new Map<string, number>();

  constructor(
    private readonly requestId: string | undefined,
    /** Built-in call types offered for the agent's tools → the tools' names. */
    private readonly natives: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** Handles one event; returns the stream events it produces. */
  handle(event: Json): ModelStreamEvent[] {
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        this.responseId = (event.response as Json | undefined)?.id as string | undefined;
        return [];
      case 'response.output_item.added':
      case 'response.output_item.done':
        return this.onItem(event);
      case 'response.output_text.delta':
        return nonEmpty(event.delta) ? [{ type: 'text_delta', delta: event.delta as string }] : [];
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        return nonEmpty(event.delta) ? [{ type: 'reasoning_delta', delta: event.delta as string }] : [];
      case 'response.function_call_arguments.delta':
        return this.onArgumentsDelta(event);
      case 'response.apply_patch_call_operation_diff.delta':
        return this.onDiffDelta(event);
      case 'response.apply_patch_call_operation_diff.done': {
        const pending = this.pendingFor(event);
        if (pending && typeof event.diff === 'string') pending.arguments = event.diff;
        return [];
      }
      case 'response.function_call_arguments.done': {
        const pending = this.pendingFor(event);
        if (pending && typeof event.arguments === 'string') pending.arguments = event.arguments;
        return [];
      }
      case 'response.completed':
      case 'response.incomplete':
        this.final = this.finish(event.response as ResponsesWireResponse);
        return [];
      case 'response.failed': {
        const error = (event.response as ResponsesWireResponse | undefined)?.error;
        throw streamError(error?.message ?? 'the response failed', 'Responses', this.details(error?.code));
      }
      case 'error':
        throw streamError(String(event.message ?? 'the server sent an error event'), 'Responses', this.details(event.code));
      default:
        return [];
    }
  }

  /** The final response; throws when the stream ended before `response.completed`. */
  result(): ModelResponse {
    if (this.final) return this.final;
    throw streamError(
      `the stream ended before response.completed${this.responseId ? ` (response ${this.responseId})` : ''}; the connection may have been cut`,
      'Responses',
      this.details(undefined),
    );
  }

  private onItem(event: Json): ModelStreamEvent[] {
    const item = event.item as Json;
    const index = typeof event.output_index === 'number' ? event.output_index : this.items.size;
    const previous = this.items.get(index);
    const args = typeof item.arguments === 'string' && item.arguments !== '' ? item.arguments : previous?.arguments ?? '';
    this.items.set(index, { item, arguments: args });
    if (typeof item.id === 'string') this.indexByItemId.set(item.id, index);
    return [];
  }

  private onArgumentsDelta(event: Json): ModelStreamEvent[] {
    const pending = this.pendingFor(event);
    if (!pending || !nonEmpty(event.delta)) return [];
    pending.arguments += event.delta;
    const callId = String(pending.item.call_id ?? pending.item.id);
    return [{ type: 'function_call_arguments_delta', callId, name: String(pending.item.name), delta: event.delta }];
  }

  /** A piece of an `apply_patch_call`'s diff: kept with the item, and reported as the call's arguments growing. */
  private onDiffDelta(event: Json): ModelStreamEvent[] {
    const pending = this.pendingFor(event);
    if (!pending || !nonEmpty(event.delta)) return [];
    pending.arguments += event.delta;
    const name = this.natives.get('apply_patch_call');
    if (name === undefined) return [];
    return [{ type: 'function_call_arguments_delta', callId: String(pending.item.call_id ?? pending.item.id), name, delta: event.delta }];
  }

  private pendingFor(event: Json): PendingItem | undefined {
    const index = typeof event.item_id === 'string' ? this.indexByItemId.get(event.item_id) : undefined;
    return this.items.get(index ?? (event.output_index as number));
  }

  private finish(response: ResponsesWireResponse): ModelResponse {
    // The terminal event normally repeats every output item; some compatible servers send it
    // with an empty `output`, so fall back to the items assembled from the stream.
    const streamed = [...this.items.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, p]) => (p.item.type === 'function_call' ? { ...p.item, arguments: p.arguments } : p.item.type === 'apply_patch_call' ? withDiff(p) : p.item));
    const output = response.output && response.output.length > 0 ? response.output : streamed;
    return toModelResponse(response, output, this.natives);
  }

  private details(code: unknown): { requestId?: string; code?: string } {
    return {
      ...(this.requestId ? { requestId: this.requestId } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
}

/** An `apply_patch_call` assembled from the stream: its operation with the streamed diff when the item's own is empty. */
function withDiff(pending: PendingItem): Json {
  const operation = (pending.item.operation ?? {}) as Json;
  if (typeof operation.diff === 'string' && operation.diff !== '') return pending.item;
  return { ...pending.item, operation: { ...operation, diff: pending.arguments } };
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

import type { ContentPart } from './content';

/** A chat message. Assistant text, user input and system notes all use this shape. */
export interface MessageItem {
  type: 'message';
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string | ContentPart[];
  /** The provider's id for the item, when it gave one. */
  id?: string;
  /** Set when the model refused; `content` then holds the refusal text too. */
  refusal?: string;
  /** Provider-specific fields that must be sent back unchanged on the next turn. */
  providerData?: Record<string, unknown>;
}

/** The model asked for a tool to be called. `arguments` is the raw JSON text. */
export interface FunctionCallItem {
  type: 'function_call';
  callId: string;
  name: string;
  arguments: string;
  id?: string;
  providerData?: Record<string, unknown>;
}

/** The answer to a `function_call`, matched by `callId`. */
export interface FunctionCallOutputItem {
  type: 'function_call_output';
  callId: string;
  output: string | ContentPart[];
  /**
   * Set by the runner when the call did not do what was asked: it failed (unknown tool, invalid
   * arguments, the tool threw, timed out or returned an error result) or was refused before it
   * ran (approval, guardrail, duplicate policy, ...). Adapters whose wire format carries a status
   * send it (OpenAI's built-in tools answer `status: 'failed'`).
   */
  isError?: boolean;
}

/** A reasoning item, kept verbatim and sent back on the next turn (e.g. encrypted content). */
export interface ReasoningItem {
  type: 'reasoning';
  [k: string]: unknown;
}

/**
 * One entry of a conversation's history. The shapes follow the Responses API's items, which is
 * the canonical history format; model adapters translate to and from their wire formats.
 */
export type Item = MessageItem | FunctionCallItem | FunctionCallOutputItem | ReasoningItem;

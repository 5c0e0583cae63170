import type { Item, MessageItem, FunctionCallItem, FunctionCallOutputItem, ReasoningItem } from '../contracts/item';

export type { Item, MessageItem, FunctionCallItem, FunctionCallOutputItem, ReasoningItem };

/** A user message item holding `text`. */
export function userMessage(text: string): MessageItem {
  return { type: 'message', role: 'user', content: text };
}

/** An assistant message item holding `text`. */
export function assistantMessage(text: string): MessageItem {
  return { type: 'message', role: 'assistant', content: text };
}

/** The text of a message's content (text parts joined). */
export function messageText(item: MessageItem): string {
  if (typeof item.content === 'string') return item.content;
  return item.content.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
}

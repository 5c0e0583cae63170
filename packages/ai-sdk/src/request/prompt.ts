import type {
  LanguageModelV3Message, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput, SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import { messageText, type FunctionCallOutputItem, type Item, type MessageItem } from '@toolwright/core';
import { providerMetadataOf, reasoningFamilyOf } from '../provider/item-metadata';
import { toPromptPart, toToolResultPart } from './content-parts';

type AssistantMessage = Extract<LanguageModelV3Message, { role: 'assistant' }>;
type ToolMessage = Extract<LanguageModelV3Message, { role: 'tool' }>;

/**
 * Translates instructions and Toolwright items into the specification's prompt.
 *
 * - Instructions become a leading `system` message; `system` and `developer` messages stay
 *   system messages (their text).
 * - An assistant message, reasoning and function calls that follow one another form ONE assistant
 *   message whose parts keep their order, as providers require (Anthropic's thinking block before
 *   the tool use it led to). What a provider attached to a part (a thinking block's signature,
 *   Gemini's thought signature) goes back as that part's `providerOptions`.
 * - Reasoning is sent back only to the provider family that produced it (`family`): another
 *   provider could not verify it.
 * - Function call outputs that follow one another form one `tool` message; text outputs are
 *   `text` (or `error-text` when the call failed), content lists are `content` parts (images and
 *   files as data or URLs).
 */
export function toPrompt(instructions: string | undefined, items: readonly Item[], family: string): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (instructions) prompt.push({ role: 'system', content: instructions });
  const toolNames = new Map<string, string>();
  for (const item of items) if (item.type === 'function_call') toolNames.set(item.callId, item.name);
  let assistant: AssistantMessage | undefined;
  let tool: ToolMessage | undefined;
  const openAssistant = (): AssistantMessage => {
    tool = undefined;
    if (!assistant) prompt.push((assistant = { role: 'assistant', content: [] }));
    return assistant;
  };
  for (const item of items) {
    switch (item.type) {
      case 'message':
        if (item.role === 'assistant') {
          const text = messageText(item);
          if (text !== '') openAssistant().content.push(withOptions({ type: 'text', text }, providerMetadataOf(item)));
        } else {
          assistant = tool = undefined;
          prompt.push(inputMessage(item));
        }
        break;
      case 'reasoning': {
        if (reasoningFamilyOf(item) !== family || typeof item.text !== 'string') break;
        openAssistant().content.push(withOptions({ type: 'reasoning', text: item.text }, providerMetadataOf(item)));
        break;
      }
      case 'function_call':
        openAssistant().content.push(
          withOptions({ type: 'tool-call', toolCallId: item.callId, toolName: item.name, input: parseInput(item.arguments) }, providerMetadataOf(item)),
        );
        break;
      case 'function_call_output':
        assistant = undefined;
        if (!tool) prompt.push((tool = { role: 'tool', content: [] }));
        tool.content.push({ type: 'tool-result', toolCallId: item.callId, toolName: toolNames.get(item.callId) ?? 'unknown_tool', output: toolOutput(item) });
        break;
    }
  }
  return prompt;
}

function inputMessage(item: MessageItem): LanguageModelV3Message {
  if (item.role === 'system' || item.role === 'developer') return { role: 'system', content: messageText(item) };
  const content = typeof item.content === 'string' ? [{ type: 'text' as const, text: item.content }] : item.content.map(toPromptPart);
  return { role: 'user', content };
}

/** A call's output: text (or error text), or the content list as `content` parts. */
export function toolOutput(item: FunctionCallOutputItem): LanguageModelV3ToolResultOutput {
  if (typeof item.output === 'string') return { type: item.isError ? 'error-text' : 'text', value: item.output };
  if (item.output.every((part) => part.type === 'input_text')) {
    const text = item.output.map((part) => (part as { text: string }).text).join('\n');
    return { type: item.isError ? 'error-text' : 'text', value: text };
  }
  return { type: 'content', value: item.output.map(toToolResultPart) };
}

/** The call's arguments as the JSON value the specification wants (the text itself when it is not JSON). */
function parseInput(text: string): unknown {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    return text;
  }
}

function withOptions<T extends object>(part: T, options: SharedV3ProviderOptions | undefined): T {
  return options ? { ...part, providerOptions: options } : part;
}

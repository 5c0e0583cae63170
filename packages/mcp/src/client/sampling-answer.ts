import type { CreateMessageRequestParams, CreateMessageResult, SamplingMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { messageText, type ContentPart, type MessageItem, type Model, type ModelResponse } from '@toolwright/core';

/** Most messages one `sampling/createMessage` may carry (a hostile server cannot make the request unbounded). */
const MAX_MESSAGES = 1000;

/**
 * Answers a server's `sampling/createMessage` with a Toolwright `Model`: the messages become the
 * model's input (text and images; audio and tool use are refused with a clear error), the
 * `systemPrompt` its instructions, `maxTokens` and `temperature` its settings; no tools are
 * offered. The answer is the model's text. @internal
 */
export async function answerSampling(model: Model, params: CreateMessageRequestParams, signal: AbortSignal | undefined): Promise<CreateMessageResult> {
  if (!Array.isArray(params.messages) || params.messages.length > MAX_MESSAGES) {
    throw new McpError(ErrorCode.InvalidParams, `Sampling needs 1 to ${MAX_MESSAGES} messages.`);
  }
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    throw new McpError(ErrorCode.InvalidParams, 'This client answers sampling without tools: leave out "tools" and "toolChoice".');
  }
  const input = params.messages.map(itemOf);
  const settings = {
    ...(typeof params.maxTokens === 'number' ? { maxOutputTokens: params.maxTokens } : {}),
    ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
  };
  const response = await model.respond({ instructions: params.systemPrompt, input, tools: [], settings }, signal);
  return {
    role: 'assistant',
    content: { type: 'text', text: textOf(response) },
    model: modelName(model),
    stopReason: response.status === 'incomplete' ? 'maxTokens' : 'endTurn',
  };
}

function itemOf(message: SamplingMessage): MessageItem {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  const parts: ContentPart[] = blocks.map((block): ContentPart => {
    if (block.type === 'text') return { type: 'input_text', text: block.text };
    if (block.type === 'image') return { type: 'input_image', imageUrl: `data:${block.mimeType};base64,${block.data}` };
    throw new McpError(ErrorCode.InvalidParams, `This client's model takes text and images in sampling messages, not "${block.type}" content.`);
  });
  const role = message.role === 'assistant' ? 'assistant' : 'user';
  if (role === 'assistant') return { type: 'message', role, content: parts.map((p) => (p.type === 'input_text' ? p.text : '')).join('') };
  return { type: 'message', role, content: parts };
}

function textOf(response: ModelResponse): string {
  return response.output
    .filter((item): item is MessageItem => item.type === 'message' && item.role === 'assistant')
    .map((item) => messageText(item))
    .join('');
}

/** The model's name if it has one (`model` or `modelName`), for the answer's `model` field. */
function modelName(model: Model): string {
  const named = model as { model?: unknown; modelName?: unknown };
  if (typeof named.model === 'string') return named.model;
  if (typeof named.modelName === 'string') return named.modelName;
  return model.constructor?.name && model.constructor.name !== 'Object' ? model.constructor.name : 'toolwright';
}

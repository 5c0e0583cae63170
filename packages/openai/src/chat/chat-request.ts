import { messageText, type ContentPart, type FunctionCallOutputItem, type Item, type ModelRequest } from '@toolwright/core';
import type { ResolvedSettings } from '../settings/resolve-settings';
import type { Json } from '../shared/wire-values';
import { functionTools } from '../native/native-offer';

/**
 * Builds the body of a `POST /v1/chat/completions` request. Instructions become a leading
 * `system` message; tools keep name, description, parameters and strict exactly as given;
 * `extraBody` is merged last for compatible servers.
 */
export function buildChatBody(model: string, request: ModelRequest, settings: ResolvedSettings, stream: boolean): Json {
  const messages: Json[] = [];
  if (request.instructions) messages.push({ role: 'system', content: request.instructions });
  messages.push(...toChatMessages(request.input));
  const body: Json = { model, messages };
  // Chat Completions has no built-in tools: a tool that exists only in a built-in's form is left out.
  const tools = functionTools(request.tools);
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict },
    }));
    if (settings.toolChoice !== undefined) body.tool_choice = toolChoice(settings.toolChoice);
    // The API rejects parallel_tool_calls when no tools are offered, so it is only sent with tools.
    if (settings.parallelToolCalls !== undefined) body.parallel_tool_calls = settings.parallelToolCalls;
  }
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_completion_tokens = settings.maxOutputTokens;
  if (settings.reasoningEffort !== undefined) body.reasoning_effort = settings.reasoningEffort;
  if (settings.store !== undefined) body.store = settings.store;
  // A structured answer: the agent's output type as a (strict) JSON schema response format.
  const format = request.outputFormat;
  if (format !== undefined) {
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: format.name, schema: format.schema, strict: format.strict, ...(format.description !== undefined ? { description: format.description } : {}) },
    };
  }
  if (stream) {
    body.stream = true;
    // Without this the stream carries no usage; with it a last chunk (choices: []) does.
    body.stream_options = { include_usage: true };
  }
  return { ...body, ...(settings.extraBody ?? {}) };
}

function toolChoice(choice: NonNullable<ResolvedSettings['toolChoice']>): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/**
 * Translates Toolwright items into Chat Completions messages.
 *
 * - An assistant message and the function calls right after it form one assistant message with
 *   `tool_calls`; calls without a preceding message get an assistant message with `content: null`.
 * - Each `function_call_output` becomes a `tool` message with its text. Tool messages take text
 *   only, so images and files of a run of consecutive outputs are carried in ONE `user` message
 *   placed right after those tool messages, each group introduced by a text part naming the call
 *   id. The tool message itself says that its attachments follow.
 * - Reasoning items have no Chat Completions form and are left out.
 */
export function toChatMessages(items: Item[]): Json[] {
  const messages: Json[] = [];
  let assistant: Json | undefined;
  let attachments: Json[] = [];

  const flushAttachments = (): void => {
    if (attachments.length > 0) messages.push({ role: 'user', content: attachments });
    attachments = [];
  };

  for (const item of items) {
    if (item.type !== 'function_call_output') flushAttachments();
    if (item.type !== 'function_call') assistant = undefined;
    switch (item.type) {
      case 'message':
        if (item.role === 'assistant') {
          assistant = { role: 'assistant', content: messageText(item) };
          if (item.refusal !== undefined) assistant.refusal = item.refusal;
          messages.push(assistant);
        } else {
          const content = typeof item.content === 'string' ? item.content : item.content.map(toChatContent);
          messages.push({ role: item.role, content });
        }
        break;
      case 'function_call': {
        if (!assistant) {
          assistant = { role: 'assistant', content: null };
          messages.push(assistant);
        }
        const calls = (assistant.tool_calls as Json[] | undefined) ?? [];
        calls.push({ id: item.callId, type: 'function', function: { name: item.name, arguments: item.arguments } });
        assistant.tool_calls = calls;
        break;
      }
      case 'function_call_output': {
        const { text, media } = splitOutput(item);
        messages.push({ role: 'tool', tool_call_id: item.callId, content: text });
        if (media.length > 0) {
          attachments.push({ type: 'text', text: `Attachments returned by tool call ${item.callId}:` }, ...media);
        }
        break;
      }
      case 'reasoning':
        break;
    }
  }
  flushAttachments();
  return messages;
}

function splitOutput(item: FunctionCallOutputItem): { text: string; media: Json[] } {
  if (typeof item.output === 'string') return { text: item.output, media: [] };
  const text = item.output
    .filter((p) => p.type === 'input_text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
  const media = item.output.filter((p) => p.type !== 'input_text').map(toChatContent);
  if (media.length === 0) return { text, media };
  const note =
    media.length === 1
      ? '[1 attachment (image or file) of this result follows in the next user message.]'
      : `[${media.length} attachments (images or files) of this result follow in the next user message.]`;
  return { text: text === '' ? note : `${text}\n${note}`, media };
}

/** A content part in the Chat Completions shape (`text`, `image_url`, `file`). */
export function toChatContent(part: ContentPart): Json {
  switch (part.type) {
    case 'input_text':
      return { type: 'text', text: part.text };
    case 'input_image':
      if (part.imageUrl !== undefined) {
        return { type: 'image_url', image_url: { url: part.imageUrl, ...(part.detail ? { detail: part.detail } : {}) } };
      }
      // Chat Completions cannot reference an uploaded image by file id; name it instead.
      return { type: 'text', text: `[image file ${part.fileId ?? 'without source'}]` };
    case 'input_file':
      if (part.fileData !== undefined || part.fileId !== undefined) {
        const file: Json = {};
        if (part.fileData !== undefined) file.file_data = part.fileData;
        if (part.fileId !== undefined) file.file_id = part.fileId;
        if (part.filename !== undefined) file.filename = part.filename;
        return { type: 'file', file };
      }
      // File URLs have no Chat Completions part; pass the link as text.
      return { type: 'text', text: `[file${part.filename ? ` ${part.filename}` : ''} at ${part.fileUrl ?? 'an unknown location'}]` };
  }
}

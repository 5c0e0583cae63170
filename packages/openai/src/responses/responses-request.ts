import { messageText, type ContentPart, type FunctionCallItem, type Item, type MessageItem, type ModelRequest } from '@toolwright/core';
import type { ResolvedSettings } from '../settings/resolve-settings';
import type { Json } from '../shared/wire-values';
import { nativeCallInput, nativeOutputInput } from '../native/native-items';
import { namedToolChoice, responsesTools } from '../native/native-offer';

/**
 * Builds the body of a `POST /v1/responses` request: tools exactly as given (name, description,
 * parameters, strict), instructions, the history in order, and the settings. `extraBody` is
 * merged last so a compatible server's own fields can override anything.
 */
export function buildResponsesBody(model: string, request: ModelRequest, settings: ResolvedSettings, stream: boolean): Json {
  const body: Json = { model, input: toResponsesInput(request.input) };
  if (request.instructions) body.instructions = request.instructions;
  // A tool offered as the built-in of its kind is named by its type only (`{ type: 'apply_patch' }`).
  const tools = responsesTools(request.tools, model);
  if (tools.length > 0) {
    body.tools = tools;
    if (settings.toolChoice !== undefined) {
      const choice = settings.toolChoice;
      body.tool_choice = typeof choice === 'string' ? choice : namedToolChoice(choice.name, request.tools, model);
    }
    if (settings.parallelToolCalls !== undefined) body.parallel_tool_calls = settings.parallelToolCalls;
  } else if (settings.toolChoice === 'none') {
    body.tool_choice = 'none';
  }
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_output_tokens = settings.maxOutputTokens;
  const reasoning: Json = {};
  if (settings.reasoningEffort !== undefined) reasoning.effort = settings.reasoningEffort;
  if (typeof settings.reasoningSummary === 'string') reasoning.summary = settings.reasoningSummary;
  if (Object.keys(reasoning).length > 0) body.reasoning = reasoning;
  if (settings.store !== undefined) body.store = settings.store;
  // A structured answer: the agent's output type as a (strict) JSON schema format.
  const format = request.outputFormat;
  if (format !== undefined) {
    body.text = {
      format: { type: 'json_schema', name: format.name, schema: format.schema, strict: format.strict, ...(format.description !== undefined ? { description: format.description } : {}) },
    };
  }
  // Without storage the server cannot look reasoning up by id on the next turn, so ask for its
  // encrypted content and send that back instead.
  if (settings.store === false) body.include = ['reasoning.encrypted_content'];
  if (stream) body.stream = true;
  return { ...body, ...(settings.extraBody ?? {}) };
}

/** Translates Toolwright items into Responses API input items. */
export function toResponsesInput(items: Item[]): Json[] {
  const calls = new Map<string, FunctionCallItem>();
  for (const item of items) if (item.type === 'function_call') calls.set(item.callId, item);
  return items.map((item) => {
    switch (item.type) {
      case 'message':
        return item.role === 'assistant' ? assistantMessage(item) : inputMessage(item);
      case 'function_call':
        // Ids are left out: the call_id links call and output, and ids of items the server did
        // not store (store: false) must not be referenced. A built-in call goes back as itself.
        return nativeCallInput(item) ?? { type: 'function_call', call_id: item.callId, name: item.name, arguments: item.arguments };
      case 'function_call_output':
        return nativeOutputInput(item, calls.get(item.callId)) ?? {
          type: 'function_call_output',
          call_id: item.callId,
          output: typeof item.output === 'string' ? item.output : item.output.map(toInputContent),
        };
      case 'reasoning':
        return reasoningInput(item);
    }
  });
}

function inputMessage(item: MessageItem): Json {
  const content = typeof item.content === 'string' ? item.content : item.content.map(toInputContent);
  return { type: 'message', role: item.role, content };
}

function assistantMessage(item: MessageItem): Json {
  const content: Json[] = [];
  if (item.refusal !== undefined) content.push({ type: 'refusal', refusal: item.refusal });
  else content.push({ type: 'output_text', text: messageText(item), annotations: [] });
  // providerData carries fields such as `phase` ("commentary" / "final_answer") that the API
  // asks to be sent back unchanged.
  return { ...(item.providerData ?? {}), type: 'message', role: 'assistant', status: 'completed', content };
}

function reasoningInput(item: Item & { type: 'reasoning' }): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'status' || value === null || value === undefined) continue;
    if (key === 'content' && Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  if (!Array.isArray(out.summary)) out.summary = [];
  return out;
}

/** A content part in the Responses API's input shape. */
export function toInputContent(part: ContentPart): Json {
  switch (part.type) {
    case 'input_text':
      return { type: 'input_text', text: part.text };
    case 'input_image': {
      const out: Json = { type: 'input_image', detail: part.detail ?? 'auto' };
      if (part.imageUrl !== undefined) out.image_url = part.imageUrl;
      if (part.fileId !== undefined) out.file_id = part.fileId;
      return out;
    }
    case 'input_file': {
      const out: Json = { type: 'input_file' };
      if (part.fileData !== undefined) out.file_data = part.fileData;
      if (part.fileId !== undefined) out.file_id = part.fileId;
      if (part.fileUrl !== undefined) out.file_url = part.fileUrl;
      if (part.filename !== undefined) out.filename = part.filename;
      return out;
    }
  }
}

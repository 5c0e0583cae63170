import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart, ToolResult } from '@toolwright/core';
import { boundedText } from '../shared/bounded-text';
import { outputSchemaProblem } from '../shared/output-validation';
import { resourceOfPart } from './served-resources';

const DATA_URL = /^data:([^;,]+);base64,/;

/**
 * A `ToolResult` as an MCP `tools/call` result: text parts become text blocks; images given as
 * bytes (a `data:` URL) image blocks, by URL resource links; files given as bytes embedded
 * resources (`attachment:<filename>`), by URL resource links; parts given by provider file id a
 * text naming the id. A failed result sets `isError`. When the tool declares an output schema, a
 * successful result's JSON text becomes `structuredContent` (and stays as text for older
 * clients); output that is not JSON matching the schema turns the result into an error. @internal
 */
export function callToolResultOf(result: ToolResult, toolName: string, outputSchema?: Record<string, unknown>): CallToolResult {
  const content = result.content.map(blockOf);
  if (result.isError === true) return { content, isError: true };
  if (!outputSchema) return { content };
  let structured: unknown;
  try {
    structured = JSON.parse(result.text);
  } catch {
    return schemaFailure(toolName, 'it is not JSON');
  }
  const problem = typeof structured === 'object' && structured !== null && !Array.isArray(structured) ? outputSchemaProblem(outputSchema, structured) : 'it is not a JSON object';
  if (problem) return schemaFailure(toolName, problem);
  return { content, structuredContent: structured as Record<string, unknown> };
}

function schemaFailure(toolName: string, problem: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `The tool "${toolName}" returned output that does not match its output schema: ${boundedText(problem, 1000)}.` }],
    isError: true,
  };
}

function blockOf(part: ContentPart): ContentBlock {
  switch (part.type) {
    case 'input_text':
      return { type: 'text', text: part.text };
    case 'input_image': {
      const inline = part.imageUrl ? splitDataUrl(part.imageUrl) : undefined;
      if (inline) return { type: 'image', data: inline.data, mimeType: inline.mimeType };
      if (part.imageUrl) return { type: 'resource_link', uri: part.imageUrl, name: 'image' };
      return { type: 'text', text: `[image: provider file ${part.fileId ?? 'unknown'}]` };
    }
    case 'input_file': {
      const name = part.filename ?? 'file';
      const inline = part.fileData ? splitDataUrl(part.fileData) : undefined;
      if (inline && inline.mimeType.startsWith('audio/')) return { type: 'audio', data: inline.data, mimeType: inline.mimeType };
      // An embedded resource under its own URI (or an attachment: one); text types as text.
      if (inline) return { type: 'resource', resource: resourceOfPart(part, part.uri ?? `attachment:${encodeURIComponent(name)}`)! };
      if (part.fileUrl) return { type: 'resource_link', uri: part.fileUrl, name };
      return { type: 'text', text: `[file ${name}: provider file ${part.fileId ?? 'unknown'}]` };
    }
    default:
      return { type: 'text', text: boundedText(JSON.stringify(part), 2000) };
  }
}

function splitDataUrl(url: string): { mimeType: string; data: string } | undefined {
  const match = DATA_URL.exec(url.slice(0, 200));
  return match ? { mimeType: match[1]!, data: url.slice(match[0].length) } : undefined;
}

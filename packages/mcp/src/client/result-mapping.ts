import { Content, ToolResult, type ContentPart } from '@toolwright/core';
import type { CallToolResult, ContentBlock, Progress } from '@modelcontextprotocol/sdk/types.js';
import { boundedText } from '../shared/bounded-text';

/** Longest JSON rendering of a content block of an unknown type. */
const UNKNOWN_BLOCK_CHARS = 2000;

/** Where a result came from, recorded in its `details`. @internal */
export interface ResultOrigin {
  server: string;
  tool: string;
  /** The tool declares an output schema: its `structuredContent` is what the model gets. */
  hasOutputSchema: boolean;
}

/**
 * A `tools/call` result as a `ToolResult`, one part per content block: text stays text; images
 * (and embedded `image/*` resources) become image parts; audio, other embedded resources and
 * resource links become text naming their URI and MIME type; a block of an unknown type becomes
 * its JSON. When the tool declares an output schema and the result carries `structuredContent`
 * (validated against the schema before this), the model gets that JSON instead of the text
 * blocks, unless the result carries media (images, audio, resources): structured content would
 * then hold their bytes as text, so the blocks are used. `isError` results reach the model as
 * errors, content verbatim. @internal
 */
export function toolResultFromMcp(result: CallToolResult, origin: ResultOrigin): ToolResult {
  const blocks: ContentBlock[] = Array.isArray(result.content) ? result.content : [];
  let parts = blocks.map(partOf);
  if (origin.hasOutputSchema && result.structuredContent !== undefined && !result.isError && blocks.every((b) => b.type === 'text')) {
    parts = [Content.text(JSON.stringify(result.structuredContent))];
  }
  if (result.isError && parts.length === 0) parts = [Content.text(`The tool "${origin.tool}" reported an error without details.`)];
  const out = ToolResult.of(parts).withDetails({ mcpServer: origin.server, mcpTool: origin.tool });
  return result.isError ? out.asError() : out;
}

/** A progress notification as a `tool_progress` result: its message, else `progress/total`. @internal */
export function progressResult(progress: Progress): ToolResult {
  const { progress: done, total, message } = progress;
  const text = typeof message === 'string' && message.length > 0 ? message : total !== undefined ? `${done}/${total}` : String(done);
  const details: Record<string, unknown> = { progress: done };
  if (total !== undefined) details.total = total;
  return ToolResult.text(text).withDetails(details);
}

function partOf(block: ContentBlock): ContentPart {
  switch (block.type) {
    case 'text':
      return Content.text(block.text);
    case 'image':
      return imagePart(block.data, block.mimeType) ?? Content.text(`[image (${block.mimeType}) that is not valid base64 image data]`);
    case 'audio':
      return Content.text(`[audio (${block.mimeType}), ${base64Bytes(block.data)} bytes; audio is not passed on to the model]`);
    case 'resource_link': {
      const mime = block.mimeType ? ` (${block.mimeType})` : '';
      const description = block.description ? `: ${block.description}` : '';
      return Content.text(`Resource link "${block.name}": ${block.uri}${mime}${description}`);
    }
    case 'resource': {
      const resource = block.resource;
      const mime = resource.mimeType ?? 'unknown MIME type';
      if ('text' in resource && typeof resource.text === 'string') return Content.text(`Resource ${resource.uri} (${mime}):\n${resource.text}`);
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      if (resource.mimeType?.startsWith('image/')) {
        const image = imagePart(blob, resource.mimeType);
        if (image) return image;
      }
      return Content.text(`[resource ${resource.uri} (${mime}), ${base64Bytes(blob)} bytes of binary data]`);
    }
    default:
      return Content.text(boundedText(JSON.stringify(block), UNKNOWN_BLOCK_CHARS));
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function imagePart(data: string, mimeType: string): ContentPart | undefined {
  if (!/^image\/[\w.+-]+$/.test(mimeType) || data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  return { type: 'input_image', imageUrl: `data:${mimeType};base64,${data}` };
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

import type { TextContent, ImageContent, FileContent, ContentPart } from '../contracts/content';

export type { TextContent, ImageContent, FileContent, ContentPart };

type ImageSource = { url: string } | { fileId: string } | { data: Uint8Array; mimeType: string };
type FileSource = { url: string } | { fileId: string } | { data: Uint8Array; filename: string; mimeType?: string };

/** Builders for content parts. Bytes become `data:` URLs. */
export const Content = {
  text(text: string): TextContent {
    return { type: 'input_text', text };
  },
  image(src: ImageSource, detail?: 'low' | 'high' | 'auto'): ImageContent {
    const part: ImageContent = { type: 'input_image' };
    if ('url' in src) part.imageUrl = src.url;
    else if ('fileId' in src) part.fileId = src.fileId;
    else part.imageUrl = toDataUrl(src.data, src.mimeType);
    if (detail) part.detail = detail;
    return part;
  },
  file(src: FileSource): FileContent {
    if ('url' in src) return { type: 'input_file', fileUrl: src.url };
    if ('fileId' in src) return { type: 'input_file', fileId: src.fileId };
    const mimeType = src.mimeType ?? guessMimeType(src.filename);
    return { type: 'input_file', fileData: toDataUrl(src.data, mimeType), filename: src.filename };
  },
};

/** Whether `value` looks like one content part. */
export function isContentPart(value: unknown): value is ContentPart {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'input_text' || type === 'input_image' || type === 'input_file';
}

function toDataUrl(data: Uint8Array, mimeType: string): string {
  return `data:${mimeType};base64,${Buffer.from(data).toString('base64')}`;
}

function guessMimeType(filename: string): string {
  const ext = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = {
    pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', csv: 'text/csv',
    json: 'application/json', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  };
  return known[ext] ?? 'application/octet-stream';
}

import type { LanguageModelV3FilePart, LanguageModelV3TextPart, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import type { ContentPart } from '@toolwright/core';

/** One part of a tool result's `content` output, in the specification's shape. */
export type ToolResultContentPart = Extract<LanguageModelV3ToolResultOutput, { type: 'content' }>['value'][number];

/** Media types by file extension, for URLs and file names that do not say theirs. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', json: 'application/json',
  html: 'text/html', mp3: 'audio/mpeg', wav: 'audio/wav', mp4: 'video/mp4',
};

/** A `data:` URL split into its media type and base64 payload; `undefined` for any other URL. */
export function parseDataUrl(url: string): { mediaType: string; base64: string } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return undefined;
  const mediaType = match[1] || 'application/octet-stream';
  const payload = match[3]!;
  const base64 = /;base64/i.test(match[2]!) ? payload : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
  return { mediaType, base64 };
}

/** The media type a URL's or file name's extension names, or `fallback`. */
export function mediaTypeOf(name: string | undefined, fallback: string): string {
  const path = name ? name.split(/[?#]/)[0]! : '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && MEDIA_TYPES[extension]) || fallback;
}

/** A content part of a user or system message as a prompt part (text or file). */
export function toPromptPart(part: ContentPart): LanguageModelV3TextPart | LanguageModelV3FilePart {
  switch (part.type) {
    case 'input_text':
      return { type: 'text', text: part.text };
    case 'input_image': {
      if (part.imageUrl !== undefined) {
        const data = parseDataUrl(part.imageUrl);
        if (data) return { type: 'file', data: data.base64, mediaType: data.mediaType };
        if (!URL.canParse(part.imageUrl)) return { type: 'text', text: `[image at ${part.imageUrl.slice(0, 200)}, not a valid URL]` };
        return { type: 'file', data: new URL(part.imageUrl), mediaType: mediaTypeOf(part.imageUrl, 'image/*') };
      }
      // A provider file id has no prompt part of its own in the specification; name it.
      return { type: 'text', text: `[image file ${part.fileId ?? 'without source'}]` };
    }
    case 'input_file': {
      if (part.fileData !== undefined) {
        const data = parseDataUrl(part.fileData);
        const mediaType = data?.mediaType ?? mediaTypeOf(part.filename, 'application/octet-stream');
        return withFilename({ type: 'file', data: data?.base64 ?? part.fileData, mediaType }, part.filename);
      }
      if (part.fileUrl !== undefined) {
        if (!URL.canParse(part.fileUrl)) return { type: 'text', text: `[file at ${part.fileUrl.slice(0, 200)}, not a valid URL]` };
        return withFilename({ type: 'file', data: new URL(part.fileUrl), mediaType: mediaTypeOf(part.filename ?? part.fileUrl, 'application/octet-stream') }, part.filename);
      }
      return { type: 'text', text: `[file${part.filename ? ` ${part.filename}` : ''} ${part.fileId ?? 'without source'}]` };
    }
  }
}

/** A content part of a tool's output as a part of the specification's `content` tool result. */
export function toToolResultPart(part: ContentPart): ToolResultContentPart {
  switch (part.type) {
    case 'input_text':
      return { type: 'text', text: part.text };
    case 'input_image': {
      if (part.imageUrl !== undefined) {
        const data = parseDataUrl(part.imageUrl);
        return data ? { type: 'image-data', data: data.base64, mediaType: data.mediaType } : { type: 'image-url', url: part.imageUrl };
      }
      return { type: 'image-file-id', fileId: part.fileId ?? '' };
    }
    case 'input_file': {
      if (part.fileData !== undefined) {
        const data = parseDataUrl(part.fileData);
        const mediaType = data?.mediaType ?? mediaTypeOf(part.filename, 'application/octet-stream');
        return { type: 'file-data', data: data?.base64 ?? part.fileData, mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}) };
      }
      if (part.fileUrl !== undefined) return { type: 'file-url', url: part.fileUrl, mediaType: mediaTypeOf(part.filename ?? part.fileUrl, 'application/octet-stream') };
      return { type: 'file-id', fileId: part.fileId ?? '' };
    }
  }
}

function withFilename(part: LanguageModelV3FilePart, filename: string | undefined): LanguageModelV3FilePart {
  return filename !== undefined ? { ...part, filename } : part;
}

import { UserError } from '../errors/user.error';
import type { TextContent, ImageContent, FileContent, ContentPart } from '../contracts/content';

export type { TextContent, ImageContent, FileContent, ContentPart };

type ImageSource = { url: string } | { fileId: string } | { data: Uint8Array; mimeType: string };
type FileSource = { url: string } | { fileId: string } | { data: Uint8Array | string; filename: string; mimeType?: string; uri?: string };
type AudioSource = { data: Uint8Array; mimeType: string };

const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/ogg': 'ogg',
  'audio/webm': 'webm', 'audio/flac': 'flac', 'audio/aac': 'aac', 'audio/mp4': 'm4a',
};

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
  /**
   * A file: by URL, by provider file id, or inline (`data` as bytes, or as text for text types),
   * optionally with its own `uri` (MCP clients get it as an embedded resource under that URI).
   */
  file(src: FileSource): FileContent {
    if ('url' in src) return { type: 'input_file', fileUrl: src.url };
    if ('fileId' in src) return { type: 'input_file', fileId: src.fileId };
    const mimeType = src.mimeType ?? guessMimeType(src.filename);
    const data = typeof src.data === 'string' ? Buffer.from(src.data, 'utf8') : src.data;
    const part: FileContent = { type: 'input_file', fileData: toDataUrl(data, mimeType), filename: src.filename };
    if (src.uri !== undefined) {
      if (typeof src.uri !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(src.uri) || src.uri.length > 2048) {
        throw new UserError(`Content.file: uri must be an absolute URI such as "notes://42" (got ${JSON.stringify(String(src.uri)).slice(0, 100)}).`);
      }
      part.uri = src.uri;
    }
    return part;
  },
  /**
   * Audio as a file part (`audio/*` bytes): models that take audio files get it as a file, MCP
   * clients as an `audio` content block.
   */
  audio(src: AudioSource): FileContent {
    if (typeof src !== 'object' || src === null || !(src.data instanceof Uint8Array)) throw new UserError('Content.audio({ data, mimeType }): data must be the bytes (a Uint8Array or Buffer).');
    if (typeof src.mimeType !== 'string' || !/^audio\/[\w.+-]+$/.test(src.mimeType)) {
      throw new UserError(`Content.audio({ data, mimeType }): mimeType must be an audio type such as "audio/wav" (got ${JSON.stringify(src.mimeType)}).`);
    }
    const ext = AUDIO_EXTENSIONS[src.mimeType] ?? src.mimeType.slice('audio/'.length).replace(/[^\w]/g, '');
    return { type: 'input_file', fileData: toDataUrl(src.data, src.mimeType), filename: `audio.${ext}` };
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
    json: 'application/json', wav: 'audio/wav', mp3: 'audio/mpeg', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  };
  return known[ext] ?? 'application/octet-stream';
}

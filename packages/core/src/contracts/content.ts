/** Text content, as in the Responses API's `function_call_output` content list. */
export interface TextContent {
  type: 'input_text';
  text: string;
}

/** Image content: a URL (including `data:` URLs) or an uploaded file id. */
export interface ImageContent {
  type: 'input_image';
  imageUrl?: string;
  fileId?: string;
  detail?: 'low' | 'high' | 'auto';
}

/** File content: a URL, an uploaded file id, or inline data as a `data:` URL with a filename. */
export interface FileContent {
  type: 'input_file';
  fileUrl?: string;
  fileId?: string;
  fileData?: string;
  filename?: string;
  /**
   * The content's own URI (`notes://42`), for clients that address resources by URI: `serveMcp`
   * sends a file part with one as an embedded resource under that URI. Models ignore it.
   */
  uri?: string;
}

/** One part of a tool's output or of a message. */
export type ContentPart = TextContent | ImageContent | FileContent;

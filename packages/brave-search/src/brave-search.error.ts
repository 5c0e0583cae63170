import { ToolwrightError } from '@toolwright/core';

/**
 * A failed Brave Search request: the API answered with a status other than 200, the response
 * was not the JSON Brave documents, it was too large, or the request itself failed. The message
 * is what the model sees (through the tool's default `failureError`).
 */
export class BraveSearchError extends ToolwrightError {
  /** The HTTP status, when the API answered. */
  readonly status?: number;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    if (options.status !== undefined) this.status = options.status;
  }
}

import { ToolwrightError } from './toolwright.error';

/** A model provider failed. Carries the HTTP status and request id when the provider gave them. */
export class ModelError extends ToolwrightError {
  /** The partial result of the run that this error ended. */
  result?: unknown;

  constructor(
    message: string,
    readonly details: { status?: number; requestId?: string; code?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }

  get status(): number | undefined {
    return this.details.status;
  }

  get requestId(): string | undefined {
    return this.details.requestId;
  }
}

import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/** A model provider failed. Carries the HTTP status and request id when the provider gave them. */
export class ModelError extends ToolwrightError {
  static {
    brand(this, 'ModelError');
  }

  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    message: string,
    readonly details: { status?: number; requestId?: string; code?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    keepOutOfLogs(this, 'result');
  }

  /** The HTTP status of the failed request, when there was one. */
  get status(): number | undefined {
    return this.details.status;
  }

  /** The provider's request id, to quote when asking the provider about the failure. */
  get requestId(): string | undefined {
    return this.details.requestId;
  }
}

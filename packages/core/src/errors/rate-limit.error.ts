import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * A call went over a rate limit declared with `onLimit: 'fail'`: the run ends (`executeToolCall`
 * rejects) and the call does not run.
 */
export class RateLimitError extends ToolwrightError {
  static {
    brand(this, 'RateLimitError');
  }

  /** The partial result of the run at the moment it stopped (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    readonly toolName: string,
    readonly callId: string,
    /** Milliseconds until the limit lets a call through again. */
    readonly retryAfterMs: number,
    /** The limit in words, e.g. `5 calls per minute per user`. */
    readonly limit: string,
  ) {
    super(`Rate limit reached for ${toolName} (call ${callId}): ${limit}; retry after ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s. The limit has onLimit: 'fail'; use 'answer' to tell the model instead, or 'wait'.`);
    keepOutOfLogs(this, 'result');
  }
}

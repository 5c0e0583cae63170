import { ToolwrightError } from '@toolwright/core';

/**
 * A store made from a URL could not connect to Redis there. The message names the URL (without
 * its password) and what the connection attempt met; `cause` holds the client's error.
 */
export class RedisConnectionError extends ToolwrightError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
  }
}

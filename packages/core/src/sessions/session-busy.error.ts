import { ToolwrightError } from '../errors/toolwright.error';
import { brand } from '../util/brand';

/**
 * A session could not be written because other writers kept it busy: the write waited as long
 * as the session allows (`lockTimeoutMs`) or lost its optimistic retries to concurrent writes.
 * Nothing was written; retry the request (HTTP 409/503), or give each conversation its own session.
 */
export class SessionBusyError extends ToolwrightError {
  static {
    brand(this, 'SessionBusyError');
  }

  constructor(
    /** The session's id. */
    readonly sessionId: string,
    /** What the session was doing, e.g. `addItems`. */
    readonly operation: string,
    detail: string,
  ) {
    super(`Session ${JSON.stringify(sessionId.slice(0, 64))} is busy: ${operation} ${detail}. Nothing was written; retry, or avoid writing one session from many requests at once.`);
  }
}

import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * The reason a cancelled call's `ctx.signal` is aborted with: the application called
 * `runner.cancel(callId)` or the model called `cancel_task`. The call ends at once with an
 * error output; the run goes on.
 */
export class ToolCancelledError extends ToolwrightError {
  static {
    brand(this, 'ToolCancelledError');
  }

  constructor(
    readonly toolName: string,
    readonly callId: string,
    readonly reason?: string,
  ) {
    super(`Tool call ${callId} (${toolName}) was cancelled${reason ? `: ${reason}` : ''}.`);
  }
}

import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** Why `runner.cancel(callId)` could not cancel a call. */
export type ToolTaskErrorCode = 'not_found' | 'not_cancellable';

/**
 * `runner.cancel(callId)` found no running call with that id (`not_found`: it finished, never
 * ran, or belongs to a runner without `runningTasks`), or the call's tool is `cancellable: false`.
 */
export class ToolTaskError extends ToolwrightError {
  static {
    brand(this, 'ToolTaskError');
  }

  constructor(
    readonly code: ToolTaskErrorCode,
    readonly callId: string,
  ) {
    super(code === 'not_found' ? `Task ${callId} not found` : `Tool call ${callId} is not cancellable`);
  }
}

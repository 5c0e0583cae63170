import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * The run was cancelled through `options.signal`. The model request and every running tool's
 * signal were aborted, and no tool started afterwards. `result` holds the partial result.
 */
export class RunCancelledError extends ToolwrightError {
  static {
    brand(this, 'RunCancelledError');
  }

  /** The partial result of the run at the moment it was cancelled (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(readonly reason?: unknown) {
    super(`The run was cancelled through options.signal${describeReason(reason)}.`, { cause: reason });
    keepOutOfLogs(this, 'result');
  }
}

function describeReason(reason: unknown): string {
  if (reason === undefined) return '';
  if (reason instanceof Error) return reason.name === 'AbortError' ? '' : ` (reason: ${reason.message})`;
  return ` (reason: ${String(reason)})`;
}

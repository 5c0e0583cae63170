import { errorMessage } from './error-message';
import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * A lifecycle hook (`onRunStart`, `onToolEnd`, ...) threw or rejected. Hooks are part of the run:
 * the run fails with this error (`cause` is what the hook threw), as it would for a fatal tool
 * error. When the run is already failing, its first error stands and a hook's error is dropped.
 */
export class HookError extends ToolwrightError {
  static {
    brand(this, 'HookError');
  }

  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    /** The hook's name, e.g. `onToolEnd`. */
    readonly hook: string,
    /** Where it was registered: `runner`, or `agent "<name>"`. */
    readonly owner: string,
    cause: unknown,
  ) {
    super(`The ${hook} hook of the ${owner} threw: ${errorMessage(cause)}. A hook's error fails the run; catch inside the hook to only log.`, { cause });
    keepOutOfLogs(this, 'result');
  }
}

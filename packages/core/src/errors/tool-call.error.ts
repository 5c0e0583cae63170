import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * A tool call failed and the failure is fatal for the run (the tool has `failureError: null`, or
 * its result could not be used). `result` holds the run's partial result when the run ended here.
 */
export class ToolCallError extends ToolwrightError {
  static {
    brand(this, 'ToolCallError');
  }

  /** The partial result of the run that this error ended, when there is one (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    message: string,
    readonly toolName: string,
    readonly callId: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    keepOutOfLogs(this, 'result');
  }
}

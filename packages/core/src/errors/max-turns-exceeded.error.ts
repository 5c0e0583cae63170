import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/** The run used all of its `maxTurns` without reaching a final output. */
export class MaxTurnsExceededError extends ToolwrightError {
  static {
    brand(this, 'MaxTurnsExceededError');
  }

  /** The partial result of the run at the moment it stopped (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(readonly maxTurns: number) {
    super(
      `The run exceeded maxTurns (${maxTurns}) without a final output. ` +
        'Raise `maxTurns` in the run options, or give the agent instructions that let it finish sooner.',
    );
    keepOutOfLogs(this, 'result');
  }
}

import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/** One failed call of the last failing turn, as `ConsecutiveToolFailuresError` reports it. */
export interface FailedCallSummary {
  toolName: string;
  callId: string;
  output: string;
}

/**
 * Every tool call failed in too many consecutive turns (default 3): the model is stuck calling
 * unknown tools, sending invalid arguments, or hitting a failing tool. `result` holds the
 * partial result and `lastFailures` the outputs of the last failing turn; both are kept out of
 * logs (not enumerable), and the message names the failed calls without their outputs.
 */
export class ConsecutiveToolFailuresError extends ToolwrightError {
  static {
    brand(this, 'ConsecutiveToolFailuresError');
  }

  /** The partial result of the run at the moment it stopped (not enumerable: kept out of logs). */
  declare result?: unknown;
  /** The failed calls of the last failing turn, with their outputs (not enumerable: kept out of logs). */
  declare readonly lastFailures: FailedCallSummary[];

  constructor(
    readonly turns: number,
    lastFailures: FailedCallSummary[],
  ) {
    super(
      `Every tool call failed in ${turns} consecutive turns; the run was stopped. Last failed calls: ` +
        lastFailures.map((f) => `${f.toolName} (call ${f.callId})`).join(', ') +
        '. Their outputs are in error.lastFailures. Check the tool names and schemas the agent is offered, or raise `maxConsecutiveToolFailures` in the Runner options.',
    );
    keepOutOfLogs(this, 'result');
    keepOutOfLogs(this, 'lastFailures', lastFailures);
  }
}

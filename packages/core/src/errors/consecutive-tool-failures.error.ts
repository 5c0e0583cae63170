import { ToolwrightError } from './toolwright.error';

/** One failed call of the last failing turn, as `ConsecutiveToolFailuresError` reports it. */
export interface FailedCallSummary {
  toolName: string;
  callId: string;
  output: string;
}

/**
 * Every tool call failed in too many consecutive turns (default 3): the model is stuck calling
 * unknown tools, sending invalid arguments, or hitting a failing tool. `result` holds the
 * partial result.
 */
export class ConsecutiveToolFailuresError extends ToolwrightError {
  /** The partial result of the run at the moment it stopped. */
  result?: unknown;

  constructor(
    readonly turns: number,
    readonly lastFailures: FailedCallSummary[],
  ) {
    super(
      `Every tool call failed in ${turns} consecutive turns; the run was stopped. Last failures:\n` +
        lastFailures.map((f) => `- ${f.toolName} (call ${f.callId}): ${firstLine(f.output)}`).join('\n') +
        '\nCheck the tool names and schemas the agent is offered, or raise `maxConsecutiveToolFailures` in the Runner options.',
    );
  }
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

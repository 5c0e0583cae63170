import type { ArgumentViolation } from '../contracts/argument-violation';
import { echo } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * The final output of a run did not match the agent's `outputType` (after `outputRetries`
 * attempts, or because a tool's output ended the run). The message names every violation.
 */
export class OutputValidationError extends ToolwrightError {
  static {
    brand(this, 'OutputValidationError');
  }

  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    /** The agent whose output it was. */
    readonly agentName: string,
    /** The name of the output type (class name or schema name). */
    readonly outputName: string,
    /** What was wrong, with JSON pointers into the answer. */
    readonly violations: ArgumentViolation[],
    /** How many answers were tried (1 + the retries used). */
    readonly attempts: number,
    /** Set when the output came from a tool (`toolUseBehavior`, `ToolResult.asTerminal()`). */
    readonly toolName?: string,
  ) {
    super(
      `${toolName !== undefined ? `The output of tool "${toolName}", which ended the run of agent "${agentName}",` : `The final output of agent "${agentName}"`} ` +
        `does not match its output type ${outputName}${toolName === undefined ? ` (${attempts} attempt${attempts === 1 ? '' : 's'})` : ''}: ` +
        describeViolations(violations),
    );
    keepOutOfLogs(this, 'result');
  }
}

/** The violations as one line each (`/path: message`), bounded. @internal */
export function describeViolations(violations: readonly ArgumentViolation[]): string {
  const max = TOOLWRIGHT_LIMITS.maxListedViolations;
  const lines = violations.slice(0, max).map((v) => `${v.path === '' ? '(the answer)' : echo(v.path, 2 * TOOLWRIGHT_LIMITS.maxEchoLength)}: ${echo(v.message, 8 * TOOLWRIGHT_LIMITS.maxEchoLength)}`);
  if (violations.length > max) lines.push(`and ${violations.length - max} more`);
  return lines.join('; ');
}

import type { ArgumentViolation } from '../contracts/argument-violation';
import { capMessage, echo, formatCount, prefixOf, suffixOf } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** One reason a tool call's arguments were refused; `path` is a JSON pointer such as `/units`. */

export type { ArgumentViolation };

/**
 * The arguments of a tool call could not be parsed or did not match the tool's schema.
 * The message lists the violations with their paths, in a form a model can act on, within the
 * documented bounds: at most `TOOLWRIGHT_LIMITS.maxListedViolations` of them (the rest counted),
 * each path and echoed value cut, the whole message at most `maxMessageLength` characters.
 */
export class ToolArgumentsError extends ToolwrightError {
  static {
    brand(this, 'ToolArgumentsError');
  }

  /** How many violations were found in all (`violations` may hold fewer of them). */
  readonly violationCount: number;

  constructor(
    readonly toolName: string,
    readonly violations: ArgumentViolation[],
    readonly callId?: string,
    violationCount: number = violations.length,
  ) {
    super(formatViolations(toolName, violations, Math.max(violationCount, violations.length)));
    this.violationCount = Math.max(violationCount, violations.length);
  }
}

// A path is a chain of keys: its start and its end are kept, each key within the echo length.
const MAX_PATH_LENGTH = 2 * TOOLWRIGHT_LIMITS.maxEchoLength;
const MAX_LINE_LENGTH = 8 * TOOLWRIGHT_LIMITS.maxEchoLength;

function formatViolations(toolName: string, violations: ArgumentViolation[], total: number): string {
  const listed = violations.slice(0, TOOLWRIGHT_LIMITS.maxListedViolations);
  const lines = listed.map((v) => echo(`- ${shortPath(String(v.path)) || '(root)'}: ${String(v.message)}`, MAX_LINE_LENGTH));
  if (total > listed.length) lines.push(`… and ${formatCount(total - listed.length)} more`);
  return capMessage(`Invalid arguments for tool "${echo(String(toolName))}":\n${lines.join('\n')}\nFix the arguments and call the tool again.`);
}

function shortPath(path: string): string {
  if (path.length <= MAX_PATH_LENGTH) return path;
  const segments = path.split('/').map((segment) => echo(segment));
  const joined = segments.join('/');
  if (joined.length <= MAX_PATH_LENGTH) return joined;
  // The end of a deep path says where the problem is; its start says which argument.
  return `${prefixOf(joined, MAX_PATH_LENGTH / 4)}…${suffixOf(joined, (MAX_PATH_LENGTH * 3) / 4)}`;
}

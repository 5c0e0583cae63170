import { ToolwrightError } from './toolwright.error';

/** One reason a tool call's arguments were refused; `path` is a JSON pointer such as `/units`. */
export interface ArgumentViolation {
  path: string;
  message: string;
}

/**
 * The arguments of a tool call could not be parsed or did not match the tool's schema.
 * The message lists every violation with its path, in a form a model can act on.
 */
export class ToolArgumentsError extends ToolwrightError {
  constructor(
    readonly toolName: string,
    readonly violations: ArgumentViolation[],
    readonly callId?: string,
  ) {
    super(formatViolations(toolName, violations));
  }
}

function formatViolations(toolName: string, violations: ArgumentViolation[]): string {
  const lines = violations.map((v) => `- ${v.path || '(root)'}: ${v.message}`);
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}\nFix the arguments and call the tool again.`;
}

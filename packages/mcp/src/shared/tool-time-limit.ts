import { UserError, type Tool } from '@toolwright/core';
import { timeLimitProblem } from '@toolwright/core/extend';

/**
 * Refuses a tool whose `timeoutMs` no timer can honour (a tool object built by hand rather than
 * with `defineTool`, or changed after): a `UserError` naming `where`, the tool and the range, when
 * it is handed over rather than when it is first called. @internal
 */
export function checkToolTimeLimit(tool: Tool, where: string): void {
  if (tool.timeoutMs === undefined) return;
  const problem = timeLimitProblem(tool.timeoutMs);
  if (problem) throw new UserError(`${where}: tool "${tool.name}": timeoutMs ${problem}. Fix: give the tool a timeoutMs in that range (Infinity or null for no limit).`);
}

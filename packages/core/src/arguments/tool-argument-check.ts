import { errorMessage } from '../errors/error-message';
import { ToolArgumentsError, type ArgumentViolation } from '../errors/tool-arguments.error';
import { echo } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import type { Tool } from '../contracts/tool';

// Argument objects that passed the whole validation stage (schema and the tool's own checks),
// so that a decorated tool's invoke does not run class-validator a second time on them.
const checked = new WeakSet<object>();

// Argument objects that passed the schema (parseToolArguments): a tool's invoke need not check
// them against it again.
const schemaChecked = new WeakSet<object>();

/** Marks `args` as checked against its tool's schema (by parseToolArguments). @internal */
export function markSchemaChecked(args: unknown): void {
  if (typeof args === 'object' && args !== null) schemaChecked.add(args);
}

/** Whether `args` passed its tool's schema in parseToolArguments. @internal */
export function argumentsSchemaChecked(args: unknown): boolean {
  return typeof args === 'object' && args !== null && schemaChecked.has(args);
}

/** Whether `args` passed the runner's validation stage (schema and `validateArguments`). @internal */
export function argumentsChecked(args: unknown): boolean {
  return typeof args === 'object' && args !== null && checked.has(args);
}

/**
 * The second half of the validation stage: the tool's own checks (`tool.validateArguments`,
 * e.g. class-validator constraints of an `@Args` DTO that a JSON schema cannot express), on
 * arguments that already match the schema. Returns `undefined` when they pass, the
 * `ToolArgumentsError` to answer the call with otherwise; synchronous unless the check is. A
 * check that throws refuses the arguments too (the tool must not run on arguments nobody could
 * check). @internal
 */
export function checkToolArguments(
  tool: Pick<Tool, 'name' | 'validateArguments'>,
  args: unknown,
  callId: string,
): ToolArgumentsError | undefined | Promise<ToolArgumentsError | undefined> {
  const check = tool.validateArguments;
  if (check === undefined) return undefined;
  let found: readonly ArgumentViolation[] | Promise<readonly ArgumentViolation[]>;
  try {
    found = check(args, { toolName: tool.name, callId });
  } catch (error) {
    return failedCheck(tool.name, error, callId);
  }
  if (found instanceof Promise) {
    return found.then(
      (violations) => verdict(tool.name, args, violations, callId),
      (error: unknown) => failedCheck(tool.name, error, callId),
    );
  }
  return verdict(tool.name, args, found, callId);
}

function verdict(toolName: string, args: unknown, violations: readonly ArgumentViolation[], callId: string): ToolArgumentsError | undefined {
  if (!Array.isArray(violations)) {
    return failedCheck(toolName, new TypeError(`validateArguments returned ${typeof violations}, not an array of violations`), callId);
  }
  if (violations.length === 0) {
    markChecked(args);
    return undefined;
  }
  return new ToolArgumentsError(toolName, violations.slice(0, TOOLWRIGHT_LIMITS.maxListedViolations), callId, violations.length);
}

function failedCheck(toolName: string, error: unknown, callId: string): ToolArgumentsError {
  return new ToolArgumentsError(toolName, [{ path: '', message: `could not be checked (${echo(errorMessage(error), 4 * TOOLWRIGHT_LIMITS.maxEchoLength)})` }], callId);
}

function markChecked(args: unknown): void {
  if (typeof args === 'object' && args !== null) checked.add(args);
}

import { joinCamelCase } from '../util/camel-case';
import { ToolDefinitionError } from '../errors/tool-definition.error';

/** What a tool name must match (the OpenAI function-name rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Whether `name` is a valid tool name. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && matchesToolNamePattern(name);
}

/**
 * The same expression as {@link TOOL_NAME_PATTERN}, private so that nothing outside can change the
 * check through the exported object. A regular expression is also the fastest check when thousands
 * of tools are defined in a cold process: V8 compiles it to machine code after its first use,
 * while a loop over the characters stays interpreted for most of the run.
 */
const NAME_CHECK = new RegExp(TOOL_NAME_PATTERN.source);

function matchesToolNamePattern(name: string): boolean {
  return NAME_CHECK.test(name);
}

/** Why `name` is not a valid tool name, or `undefined` when it is. */
export function toolNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return `a tool name must be a string (got ${typeof name})`;
  if (name.length === 0) return 'a tool name must not be empty';
  if (name.length > 64) return `tool name "${name}" is ${name.length} characters long; at most 64 are allowed`;
  if (!matchesToolNamePattern(name)) {
    return `tool name "${name}" may only contain letters, digits, "_" and "-" (pattern ${TOOL_NAME_PATTERN.source})`;
  }
  return undefined;
}

/** Throws `ToolDefinitionError` unless `name` is a valid tool name. */
export function assertValidToolName(name: unknown): asserts name is string {
  const problem = toolNameProblem(name);
  if (problem) {
    throw new ToolDefinitionError(`Invalid tool name: ${problem}. Fix: rename the tool, e.g. "get_weather".`, typeof name === 'string' ? name : undefined, '');
  }
}

// Module constants: a regular expression literal makes a new object each time it is evaluated.
const SEPARATOR = /[\s.]/;
const SEPARATORS = /[\s.]+/g;

/** `getWeather` → `get_weather`, `getHTTPStatus` → `get_http_status`, `fetchV2` → `fetch_v2`. */
export function toSnakeCase(name: string): string {
  const joined = joinCamelCase(name, '_');
  return (SEPARATOR.test(joined) ? joined.replace(SEPARATORS, '_') : joined).toLowerCase();
}

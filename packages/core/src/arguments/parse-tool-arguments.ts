import { errorMessage } from '../errors/error-message';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import type { Tool } from '../tool/tool';
import { compiledArgumentsOf } from './compiled-arguments';
import { forbiddenKeyViolations, mayContainForbiddenKeys } from './forbidden-keys';
import { applyNullPlan } from './null-plan';
import { toViolations } from './violations';

/**
 * Parses and validates the raw JSON arguments of a call to `tool`, against exactly
 * `tool.parameters` (compiled once per schema object). An empty or blank string means `{}`.
 * Fields the strict rewrite made nullable arrive absent instead of `null`. Keys `__proto__`,
 * `constructor` and `prototype` are refused anywhere.
 *
 * @throws ToolArgumentsError listing every violation with its JSON pointer, in words a model can
 *   act on; the tool must not run then.
 * @throws ToolDefinitionError when the tool's schema cannot be compiled.
 *
 * @example
 * const args = parseToolArguments(tool, '{"city":"Oslo","units":null}'); // { city: 'Oslo' }
 */
export function parseToolArguments(tool: Pick<Tool, 'name' | 'parameters'>, raw: string, callId?: string): unknown {
  const compiled = compiledArgumentsOf(tool.parameters, tool.name);
  const value = parseJson(tool.name, raw, callId);
  if (raw !== undefined && raw !== null && mayContainForbiddenKeys(raw)) {
    const forbidden = forbiddenKeyViolations(value);
    if (forbidden.length > 0) throw new ToolArgumentsError(tool.name, forbidden, callId);
  }
  if (!compiled.validate(value)) {
    throw new ToolArgumentsError(tool.name, toViolations(compiled.validate.errors ?? []), callId);
  }
  if (compiled.nullPlan !== null) applyNullPlan(compiled.nullPlan, value);
  return value;
}

function parseJson(toolName: string, raw: string | undefined | null, callId: string | undefined): object {
  if (raw === undefined || raw === null || isBlank(raw)) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = errorMessage(error);
    throw new ToolArgumentsError(
      toolName,
      [{ path: '', message: `is not valid JSON (${reason}). Send the arguments as one JSON object` }],
      callId,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new ToolArgumentsError(toolName, [{ path: '', message: `must be a JSON object (got ${got})` }], callId);
  }
  return value;
}

function isBlank(raw: string): boolean {
  if (raw.length === 0) return true;
  const first = raw.charCodeAt(0);
  // Only text that starts with whitespace can be blank; skip the scan for ordinary JSON.
  return (first === 32 || first === 9 || first === 10 || first === 13) && raw.trim().length === 0;
}

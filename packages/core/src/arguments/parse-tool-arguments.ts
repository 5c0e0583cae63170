import { errorMessage } from '../errors/error-message';
import { ToolArgumentsError, type ArgumentViolation } from '../errors/tool-arguments.error';
import { echo, formatCount } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import type { Tool } from '../contracts/tool';
import { scanArguments } from './argument-scan';
import { compiledArgumentsOf, detailedValidatorOf, type CompiledArguments } from './compiled-arguments';
import { mayContainForbiddenKeys } from './forbidden-keys';
import { mayHoldNonFiniteNumbers, nestingExceeds } from './json-text';
import { applyNullPlan } from './null-plan';
import { markSchemaChecked } from './tool-argument-check';
import { toViolations } from './violations';

/**
 * Parses and validates the raw JSON arguments of a call to `tool`, against exactly
 * `tool.parameters` (compiled once per schema object). An empty or blank string means `{}`.
 * Fields the strict rewrite made nullable arrive absent instead of `null`. Keys `__proto__`,
 * `constructor` and `prototype` are refused anywhere, and so are numbers JSON cannot hold as a
 * finite double (`1e400`). Text longer than `TOOLWRIGHT_LIMITS.maxArgumentsLength` or nested
 * deeper than `maxArgumentDepth` is refused before it is parsed. Nothing a model sends can make
 * this function throw anything but these two errors.
 *
 * @throws ToolArgumentsError listing the violations with their JSON pointers, in words a model
 *   can act on (bounded: see `ToolArgumentsError`); the tool must not run then.
 * @throws ToolDefinitionError when the tool's schema cannot be compiled.
 *
 * @example
 * const args = parseToolArguments(tool, '{"city":"Oslo","units":null}'); // { city: 'Oslo' }
 */
export function parseToolArguments(tool: Pick<Tool, 'name' | 'parameters'>, raw: string, callId?: string): unknown {
  const compiled = compiledArgumentsOf(tool.parameters, tool.name);
  const value = parseJson(tool.name, raw, callId);
  if (typeof raw === 'string') {
    const forbiddenKeys = mayContainForbiddenKeys(raw);
    const nonFiniteNumbers = mayHoldNonFiniteNumbers(raw);
    if (forbiddenKeys || nonFiniteNumbers) {
      const found = scanArguments(value, { forbiddenKeys, nonFiniteNumbers }, TOOLWRIGHT_LIMITS.maxListedViolations);
      if (found.total > 0) throw new ToolArgumentsError(tool.name, found.violations, callId, found.total);
    }
  }
  if (!compiled.validate(value)) throw schemaViolations(tool, compiled, value, raw, callId);
  if (compiled.nullPlan !== null) applyNullPlan(compiled.nullPlan, value);
  markSchemaChecked(value);
  return value;
}

/**
 * The error for arguments the schema refuses. Arguments of ordinary size are checked again
 * with the all-errors validator so that every violation is reported; for larger ones the
 * first-error validator's finding stands (listing them all could take more memory than the
 * arguments themselves).
 */
function schemaViolations(
  tool: Pick<Tool, 'name' | 'parameters'>,
  compiled: CompiledArguments,
  value: unknown,
  raw: string,
  callId: string | undefined,
): ToolArgumentsError {
  const small = typeof raw !== 'string' || raw.length <= TOOLWRIGHT_LIMITS.detailedCheckMaxLength;
  if (small) {
    const detailed = detailedValidatorOf(compiled, tool.parameters);
    if (!detailed(value)) return new ToolArgumentsError(tool.name, toViolations(detailed.errors ?? []), callId);
  }
  const violations: ArgumentViolation[] = toViolations(compiled.validate.errors ?? []);
  if (!small) {
    violations.push({
      path: '',
      message: `(the arguments are ${formatCount(raw.length)} characters long, so checking stopped at the first problem; there may be more)`,
    });
  }
  return new ToolArgumentsError(tool.name, violations, callId);
}

function parseJson(toolName: string, raw: string | undefined | null, callId: string | undefined): object {
  if (raw === undefined || raw === null || (typeof raw === 'string' && isBlank(raw))) return {};
  const refuse = (message: string): never => {
    throw new ToolArgumentsError(toolName, [{ path: '', message }], callId);
  };
  if (typeof raw !== 'string') refuse(`must be sent as JSON text (got ${typeof raw})`);
  const { maxArgumentsLength, maxArgumentDepth } = TOOLWRIGHT_LIMITS;
  if (raw.length > maxArgumentsLength) {
    refuse(`are ${formatCount(raw.length)} characters long; at most ${formatCount(maxArgumentsLength)} are accepted. Send smaller arguments`);
  }
  if (nestingExceeds(raw, maxArgumentDepth)) {
    refuse(`nest objects and arrays more than ${maxArgumentDepth} levels deep; at most ${maxArgumentDepth} are accepted. Send flatter arguments`);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    refuse(`is not valid JSON (${echo(errorMessage(error), 4 * TOOLWRIGHT_LIMITS.maxEchoLength)}). Send the arguments as one JSON object`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    refuse(`must be a JSON object (got ${got})`);
  }
  return value as object;
}

function isBlank(raw: string): boolean {
  if (raw.length === 0) return true;
  const first = raw.charCodeAt(0);
  // Only text that starts with whitespace can be blank; skip the scan for ordinary JSON.
  return (first === 32 || first === 9 || first === 10 || first === 13) && raw.trim().length === 0;
}

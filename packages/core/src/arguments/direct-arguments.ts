import type { ValidateFunction } from 'ajv';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import type { JsonSchema } from '../contracts/json-schema';
import { compileSchema } from '../schema/ajv-instance';
import { enforcedSchemaOf } from '../schema/strict-local-schema';
import { optionalKeysOf } from '../schema/strict-optional-keys';
import { scanArguments } from './argument-scan';
import { toViolations } from './violations';

// Per schema object, like the validators of parseToolArguments.
const cache = new WeakMap<object, ValidateFunction>();

/**
 * Checks arguments handed to a tool's `invoke` directly (a test, an integration), not by the
 * runner's validation stage: against exactly the tool's schema, in the shape the stage gives a
 * tool — a field the strict rewrite made nullable because it was optional may be absent (or
 * `null`) — with the keys `__proto__`, `constructor` and `prototype` and non-finite numbers
 * refused. Returns the `ToolArgumentsError` to throw, or `undefined`. @internal
 */
export function directArgumentsError(tool: { name: string; parameters: JsonSchema }, args: unknown, callId?: string): ToolArgumentsError | undefined {
  const scan = scanArguments(args, { forbiddenKeys: true, nonFiniteNumbers: true }, TOOLWRIGHT_LIMITS.maxListedViolations);
  if (scan.total > 0) return new ToolArgumentsError(tool.name, scan.violations, callId, scan.total);
  let validate = cache.get(tool.parameters);
  if (validate === undefined) {
    validate = compileSchema(withOptionalsAbsent(enforcedSchemaOf(tool.parameters)) as JsonSchema);
    cache.set(tool.parameters, validate);
  }
  if (validate(args)) return undefined;
  const violations = toViolations(validate.errors ?? []);
  return new ToolArgumentsError(tool.name, violations.slice(0, TOOLWRIGHT_LIMITS.maxListedViolations), callId, violations.length);
}

/**
 * A copy of a strict schema in which the keys the rewrite made required-and-nullable (they were
 * optional in the source) are optional again, wherever they are: the shape of validated
 * arguments, whose `null`s for absent fields were turned back into absent ones.
 */
function withOptionalsAbsent(node: unknown, memo = new Map<object, unknown>()): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const known = memo.get(node);
  if (known !== undefined) return known;
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    memo.set(node, out);
    for (const item of node) out.push(withOptionalsAbsent(item, memo));
    return out;
  }
  const out: Record<string, unknown> = {};
  memo.set(node, out);
  for (const [key, value] of Object.entries(node)) out[key] = withOptionalsAbsent(value, memo);
  const optional = optionalKeysOf(node);
  if (optional && Array.isArray(out.required)) out.required = (out.required as string[]).filter((key) => !optional.includes(key));
  return out;
}

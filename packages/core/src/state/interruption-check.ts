import { parseToolArguments } from '../arguments/parse-tool-arguments';
import { CONFIRM_DUPLICATE_PARAMETER, splitConfirmFlag } from '../duplicates/confirm-parameter';
import { canonicalJson } from '../duplicates/canonical-json';
import { errorMessage } from '../errors/error-message';
import { RunStateError } from '../errors/run-state.error';
import type { FunctionCallItem } from '../items/item';
import { echo } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';
import type { ApprovalRequest } from '../contracts/approval-request';

// Arguments of a call whose tool is not known when the state is read (it comes from a toolset):
// parsed with every limit, checked against no schema.
const ANY_ARGUMENTS: JsonSchema = {};

/**
 * Checks an interruption read from a state against the pending call it stands for and returns
 * the arguments an approver must be shown: those of the call record that will run, parsed from
 * its raw text exactly as the runner will parse them. The interruption's tool name must be the
 * call's, and the arguments it was saved with must equal the derived ones (as canonical JSON;
 * for a tool known only at run time, `null` and absent count as equal); otherwise the state
 * was edited and is refused. @internal
 */
export function derivedArguments(request: ApprovalRequest, saved: unknown, call: FunctionCallItem, tool: Tool | undefined): unknown {
  const where = `the interruption for call "${echo(request.callId)}"`;
  if (request.toolName !== call.name) {
    throw new RunStateError(
      `The run state's ${where} names tool "${echo(request.toolName)}", but the pending call is to "${echo(String(call.name))}". ` +
        'The state was changed after it was written; refusing it (what an approver is shown must be what runs).',
    );
  }
  let derived: unknown;
  try {
    const raw = tool?.duplicates === 'confirm' ? rawWithoutConfirmFlag(call.arguments) : call.arguments;
    derived = parseToolArguments(tool ?? { name: call.name, parameters: ANY_ARGUMENTS }, raw, call.callId);
  } catch (error) {
    throw new RunStateError(`The run state's pending call "${echo(request.callId)}" has arguments the runner would refuse: ${echo(errorMessage(error), 400)}`);
  }
  if (!sameArguments(saved, derived, tool === undefined)) {
    throw new RunStateError(
      `The run state's ${where} shows arguments that differ from those of the call that would run. ` +
        'The state was changed after it was written; refusing it (what an approver is shown must be what runs).',
    );
  }
  return tool === undefined ? withoutNulls(derived, 0) : derived;
}

/** Whether a nested interruption, as the parent state lists it, is the nested state's own. @internal */
export function sameInterruption(listed: ApprovalRequest, own: ApprovalRequest): boolean {
  return listed.toolName === own.toolName && listed.agent === own.agent && sameArguments(listed.arguments, own.arguments, false);
}

function rawWithoutConfirmFlag(raw: string): string {
  const split = splitConfirmFlag(raw);
  if ('problem' in split) throw new RunStateError(`"${CONFIRM_DUPLICATE_PARAMETER}": ${split.problem}`);
  return split.raw;
}

function sameArguments(a: unknown, b: unknown, ignoreNulls: boolean): boolean {
  try {
    const left = ignoreNulls ? withoutNulls(a, 0) : a;
    const right = ignoreNulls ? withoutNulls(b, 0) : b;
    return canonicalJson(left ?? {}) === canonicalJson(right ?? {});
  } catch {
    // Not JSON data, or nested past every limit: it cannot be what the runner derived.
    return false;
  }
}

/** A copy without object members that are `null` (strict mode's "absent"); depth-bounded. */
function withoutNulls(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 2 * TOOLWRIGHT_LIMITS.maxArgumentDepth) throw new TypeError('nested too deep');
  if (Array.isArray(value)) return value.map((v) => withoutNulls(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // Defined, not assigned: a "__proto__" key stays a key.
    if (v !== null) Object.defineProperty(out, key, { value: withoutNulls(v, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

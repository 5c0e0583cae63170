import { UserError, type RunnerOptions } from '@toolwright/core';
import { timeLimitProblem } from '@toolwright/core/extend';

/**
 * How every served `tools/call` runs: the Runner options that apply to one call made without a
 * model. Guardrails and interceptors run around the tool's own, `toolTimeoutMs` and
 * `maxToolOutputBytes` apply to tools that set none, and the approval options decide calls that
 * need approval.
 */
export type McpServedCallOptions = Pick<
  RunnerOptions,
  'guardrails' | 'interceptors' | 'approvalHandler' | 'approvalPolicies' | 'guardrailsBeforeApproval' | 'toolTimeoutMs' | 'maxToolOutputBytes'
>;

/** The option names {@link McpServedCallOptions} holds. */
const APPLIES: ReadonlySet<string> = new Set([
  'guardrails', 'interceptors', 'approvalHandler', 'approvalPolicies', 'guardrailsBeforeApproval', 'toolTimeoutMs', 'maxToolOutputBytes',
]);

// Runner options with an effect on a model's run that a served call, which has no run, cannot
// have: what each would have done, and what to use instead.
const REFUSED: Readonly<Record<string, string>> = {
  hooks:
    'run hooks (onRunStart, onToolStart, onToolEnd, ...) follow a run, and a served call is one tool call with no run around it. ' +
    'Fix: to act around every served call, pass an interceptor in runner.interceptors',
  inputGuardrails:
    "agent-level input guardrails check a run's input before the first model call, and a served call has no model and no run input. " +
    "Fix: check each call's arguments with a tool input guardrail (defineToolInputGuardrail) in runner.guardrails",
  outputGuardrails:
    "agent-level output guardrails check a run's final answer, and a served call has no final answer. " +
    "Fix: check each call's result with a tool output guardrail (defineToolOutputGuardrail) in runner.guardrails",
  planMode:
    "plan mode holds back a run's tools that are not read-only until the model submits a plan, and a served call has no model to plan. " +
    'Fix: serve only the read-only tools (a toolkit of its own, or isEnabled), or gate the others with approval (needsApproval, runner.approvalPolicies)',
  tracing:
    'served calls are not traced: there is no run span for a call made without a run. Fix: remove it; trace in an interceptor (runner.interceptors) if you need spans',
};

/**
 * Checks the `runner` option of `serveMcp`: options a served call cannot apply are refused
 * rather than ignored, and the ones it applies must be well formed. Throws `UserError`. @internal
 */
export function checkServedCallOptions(runner: unknown): void {
  if (runner === undefined) return;
  if (typeof runner !== 'object' || runner === null || Array.isArray(runner)) {
    throw new UserError('serveMcp: runner must be an object of the options every served call runs with. Fix: pass e.g. runner: { guardrails: [...], toolTimeoutMs: 30_000 }.');
  }
  const options = runner as Record<string, unknown>;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || APPLIES.has(name)) continue;
    const why = REFUSED[name];
    if (why) throw new UserError(`serveMcp: runner.${name} cannot apply to a served call: ${why}.`);
    throw new UserError(
      `serveMcp: runner.${name} has no effect on a served call: each tools/call runs its one tool directly, with no model and no run. ` +
        `Fix: remove it; the options that apply are ${[...APPLIES].join(', ')}.`,
    );
  }
  const fail = (what: string, fix: string): never => {
    throw new UserError(`serveMcp: runner.${what}. Fix: ${fix}.`);
  };
  const list = (name: string): unknown[] | undefined => {
    const value = options[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) fail(`${name} must be an array (got ${typeof value})`, `pass ${name}: [...]`);
    return value as unknown[];
  };
  for (const [i, guardrail] of (list('guardrails') ?? []).entries()) {
    const kind = (guardrail as { kind?: unknown } | null)?.kind;
    if ((kind !== 'input' && kind !== 'output') || typeof (guardrail as { check?: unknown }).check !== 'function') {
      fail(`guardrails[${i}] is not a tool guardrail`, 'build it with defineToolInputGuardrail or defineToolOutputGuardrail');
    }
  }
  for (const [i, interceptor] of (list('interceptors') ?? []).entries()) {
    if (typeof (interceptor as { intercept?: unknown } | null)?.intercept !== 'function') fail(`interceptors[${i}] has no intercept(invocation, next) method`, 'pass objects with intercept(invocation, next)');
  }
  for (const [i, policy] of (list('approvalPolicies') ?? []).entries()) {
    if (typeof (policy as { requiresApproval?: unknown } | null)?.requiresApproval !== 'function') fail(`approvalPolicies[${i}] is not an approval policy`, "build it with requireApprovalFor(...), or pass { name, requiresApproval(call, ctx) }");
  }
  if (options.approvalHandler !== undefined && typeof options.approvalHandler !== 'function') fail('approvalHandler must be a function', 'pass (request, ctx) => ({ approved: true }) or undefined to leave the call to a person');
  if (options.guardrailsBeforeApproval !== undefined && typeof options.guardrailsBeforeApproval !== 'boolean') fail('guardrailsBeforeApproval must be true or false', 'pass a boolean');
  if (options.toolTimeoutMs !== undefined) {
    const problem = timeLimitProblem(options.toolTimeoutMs);
    if (problem) fail(`toolTimeoutMs ${problem}`, 'pass e.g. toolTimeoutMs: 30_000, or Infinity (or null) for no limit');
  }
  const cap = options.maxToolOutputBytes;
  if (cap !== undefined && cap !== Infinity && !(typeof cap === 'number' && Number.isInteger(cap) && cap > 0)) {
    fail(`maxToolOutputBytes must be a positive integer number of bytes or Infinity (got ${String(cap)})`, 'pass e.g. maxToolOutputBytes: 64 * 1024');
  }
}

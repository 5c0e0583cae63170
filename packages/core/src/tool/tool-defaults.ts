import { timeLimitProblem } from '../limits/time-limit';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { DuplicatePolicy, Tool, ToolFields } from '../contracts/tool';
import { annotationProblem, TOOL_HINT_KEYS } from './tool-annotations';
import { rateLimitProblem } from '../limits/rate-limit-problem';

const DUPLICATE_POLICIES: ReadonlySet<DuplicatePolicy> = new Set(['allow', 'reject', 'confirm']);

/**
 * Every runner-side field of a tool, with defaults for those not given: no approval, no
 * guardrails or interceptors, not deferred, duplicates allowed, cancellable. Optional fields
 * (`timeoutMs`, `failureError`, `isEnabled`, the risk annotations and execution hints) are
 * present only when given.
 */
export function toolFieldsWithDefaults(toolName: string, fields: Partial<ToolFields>): ToolFields {
  // Most tools set none of these fields: the defaults need no checking (see also defaultFieldsTool).
  if (hasNoKeys(fields)) {
    return { needsApproval: false, inputGuardrails: [], outputGuardrails: [], interceptors: [], deferred: false, duplicates: 'allow', cancellable: true };
  }
  const out: ToolFields = {
    needsApproval: fields.needsApproval ?? false,
    inputGuardrails: [...(fields.inputGuardrails ?? [])],
    outputGuardrails: [...(fields.outputGuardrails ?? [])],
    interceptors: [...(fields.interceptors ?? [])],
    deferred: fields.deferred ?? false,
    duplicates: fields.duplicates ?? 'allow',
    cancellable: fields.cancellable ?? true,
  };
  if (fields.timeoutMs !== undefined) out.timeoutMs = fields.timeoutMs;
  if (fields.maxOutputBytes !== undefined) out.maxOutputBytes = fields.maxOutputBytes;
  if (fields.failureError !== undefined) out.failureError = fields.failureError;
  if (fields.isEnabled !== undefined) out.isEnabled = fields.isEnabled;
  // A copy, so the tool's limit cannot change after the check (anything else is reported as it is).
  if (fields.rateLimit !== undefined) out.rateLimit = typeof fields.rateLimit === 'object' && fields.rateLimit !== null ? { ...fields.rateLimit } : fields.rateLimit;
  for (const key of TOOL_HINT_KEYS) if (fields[key] !== undefined) out[key] = fields[key];
  checkToolFields(toolName, out);
  return out;
}

function hasNoKeys(fields: object): boolean {
  for (const key in fields) if (Object.prototype.hasOwnProperty.call(fields, key)) return false;
  return true;
}

/** Whether `value` is a valid output cap: a positive integer number of bytes, or `Infinity`. @internal */
export function isByteCap(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && (Number.isInteger(value) || value === Infinity);
}

function checkToolFields(toolName: string, fields: ToolFields): void {
  const fail = (what: string, fix: string): never => {
    throw new ToolDefinitionError(`Tool "${toolName}": ${what}. Fix: ${fix}.`, toolName);
  };
  const timeProblem = fields.timeoutMs === undefined ? undefined : timeLimitProblem(fields.timeoutMs);
  if (timeProblem) fail(`timeoutMs ${timeProblem}`, 'pass e.g. timeoutMs: 10_000, Infinity (or null) for no limit, or leave it out for the runner\'s toolTimeoutMs');
  if (fields.maxOutputBytes !== undefined && !isByteCap(fields.maxOutputBytes)) {
    fail(`maxOutputBytes must be a positive integer number of bytes or Infinity (got ${String(fields.maxOutputBytes)})`, 'pass e.g. maxOutputBytes: 256 * 1024, or leave it out for the default (64 KiB)');
  }
  if (typeof fields.needsApproval !== 'boolean' && typeof fields.needsApproval !== 'function') {
    fail('needsApproval must be a boolean or a predicate function', 'pass true, false, or (ctx, args, callId) => boolean');
  }
  if (!DUPLICATE_POLICIES.has(fields.duplicates)) {
    fail(`duplicates must be "allow", "reject" or "confirm" (got ${JSON.stringify(fields.duplicates)})`, 'use one of the three policies');
  }
  if (fields.failureError !== undefined && fields.failureError !== null && typeof fields.failureError !== 'function') {
    fail('failureError must be a function or null', 'pass (error, ctx) => string, or null to make errors fatal');
  }
  if (fields.isEnabled !== undefined && typeof fields.isEnabled !== 'function') {
    fail('isEnabled must be a function', 'pass (ctx, agent) => boolean');
  }
  const annotations = annotationProblem(fields);
  if (annotations) fail(annotations.what, annotations.fix);
  const limit = fields.rateLimit === undefined ? undefined : rateLimitProblem(fields.rateLimit);
  if (limit) fail(limit.what, limit.fix);
  for (const g of fields.inputGuardrails) if (g?.kind !== 'input') fail('inputGuardrails holds something that is not a tool input guardrail', 'build them with defineToolInputGuardrail');
  for (const g of fields.outputGuardrails) if (g?.kind !== 'output') fail('outputGuardrails holds something that is not a tool output guardrail', 'build them with defineToolOutputGuardrail');
  for (const i of fields.interceptors) if (typeof i?.intercept !== 'function') fail('interceptors holds an object without an intercept() method', 'pass ToolInterceptor objects');
}

/**
 * A tool that sets no runner-side field: its own fields, then every always-present field at its
 * default, in the order {@link toolFieldsWithDefaults} gives. One object literal, so V8 keeps every
 * field inside the object (a spread or later assignments would add a separate property store);
 * `defineTool` and `toolsOf` build their common tools through it.
 */
export function defaultFieldsTool<TContext>(
  name: string,
  description: string,
  parameters: Tool<TContext>['parameters'],
  strict: boolean,
  invoke: Tool<TContext>['invoke'],
  source: string,
): Tool<TContext> {
  return {
    type: 'function', name, description, parameters, strict, invoke, source,
    needsApproval: false, inputGuardrails: [], outputGuardrails: [], interceptors: [], deferred: false, duplicates: 'allow', cancellable: true,
  };
}

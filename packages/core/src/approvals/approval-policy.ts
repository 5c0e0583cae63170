import type { AgentRef as Agent } from '../contracts/class-refs';
import { UserError } from '../errors/user.error';
import type { RunContext, Tool } from '../contracts/tool';
import { annotationMatcher, isAnnotationFilter, type ToolAnnotationFilter } from './annotation-filter';

/** One call of a batch, as approval policies see it. */
export interface ApprovalPolicyCall<TArgs = any> {
  tool: Tool;
  toolName: string;
  callId: string;
  /** The validated, typed arguments (optional fields absent, never `null`). */
  args: TArgs;
}

/** What an approval policy is asked about a call. */
export interface ApprovalPolicyInput extends ApprovalPolicyCall {
  /** The agent whose turn made the call. */
  agent: Agent<any>;
  /** Every call of the batch that is about to run, in call order (for batch-wide rules). */
  batch: readonly ApprovalPolicyCall[];
}

/**
 * A runner-level rule that can require a human's approval for calls, whatever their tool
 * declares. Policies run in a pre-execution phase over the whole batch, before anything of it
 * runs. A policy can only add a pause; it never exempts a call its tool requires approval for.
 */
export interface ApprovalPolicy<TContext = any> {
  readonly name: string;
  /** `true` when the call must be approved by a person (or the `approvalHandler`). */
  requiresApproval(input: ApprovalPolicyInput, ctx: RunContext<TContext>): boolean | Promise<boolean>;
}

/**
 * Defines an approval policy.
 *
 * @example
 * const bigRefunds = defineApprovalPolicy({
 *   name: 'big-refunds',
 *   requiresApproval: ({ toolName, args }) => toolName === 'refund' && args.amount > 100,
 * });
 * new Runner({ model, approvalPolicies: [bigRefunds] });
 */
export function defineApprovalPolicy<TContext = any>(def: ApprovalPolicy<TContext>): ApprovalPolicy<TContext> {
  if (!def || typeof def.name !== 'string' || def.name === '' || typeof def.requiresApproval !== 'function') {
    throw new UserError('defineApprovalPolicy({ name, requiresApproval }) needs a non-empty name and a requiresApproval(input, ctx) function.');
  }
  return { name: def.name, requiresApproval: def.requiresApproval };
}

/** Which tool names a policy covers: a glob (`delete_*`, `*`), a RegExp, a list of these, or a function. */
export type ToolNamePattern = string | RegExp | ReadonlyArray<string | RegExp> | ((toolName: string) => boolean);

/**
 * An approval policy that requires approval for every call of the tools that match: by name (a
 * {@link ToolNamePattern}; in a glob, `*` matches any run of characters and `?` one character),
 * or by risk annotations (a {@link ToolAnnotationFilter}: every annotation it names must have
 * that value, read with MCP's defaults for undeclared ones, see `effectiveAnnotations`).
 *
 * @example
 * new Runner({ model, approvalPolicies: [requireApprovalFor('delete_*'), requireApprovalFor(/^deploy/)] });
 * // Every destructive tool: each that does not declare `readOnly: true` or `destructive: false`.
 * new Runner({ model, approvalPolicies: [requireApprovalFor({ destructive: true })] });
 */
export function requireApprovalFor(pattern: ToolNamePattern | ToolAnnotationFilter): ApprovalPolicy {
  if (isAnnotationFilter(pattern)) {
    const matches = annotationMatcher(pattern);
    return { name: `requireApprovalFor(${JSON.stringify(pattern)})`, requiresApproval: ({ tool }) => matches(tool) };
  }
  const matches = toolNameMatcher(pattern);
  return { name: `requireApprovalFor(${describePattern(pattern)})`, requiresApproval: ({ toolName }) => matches(toolName) };
}

function toolNameMatcher(pattern: ToolNamePattern): (name: string) => boolean {
  if (typeof pattern === 'function') return pattern;
  const parts = typeof pattern === 'string' || pattern instanceof RegExp ? [pattern] : pattern;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new UserError('requireApprovalFor(pattern) needs a glob such as "delete_*", a RegExp, a non-empty list of these, or a (toolName) => boolean function.');
  }
  const regexps = parts.map((p) => {
    if (p instanceof RegExp) return new RegExp(p.source, p.flags.replace(/[gy]/g, ''));
    if (typeof p === 'string') return globToRegExp(p);
    throw new UserError(`requireApprovalFor: ${String(p)} is neither a glob string nor a RegExp.`);
  });
  return (name) => regexps.some((r) => r.test(name));
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

function describePattern(pattern: ToolNamePattern): string {
  if (typeof pattern === 'function') return pattern.name || 'predicate';
  if (typeof pattern === 'string' || pattern instanceof RegExp) return String(pattern);
  return pattern.map(String).join(', ');
}

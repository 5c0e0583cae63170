import type { AgentRef as Agent } from '../contracts/class-refs';
import { UserError } from '../errors/user.error';
import type { RunContext, Tool } from '../contracts/tool';
import { annotationMatcher, isAnnotationFilter, type ToolAnnotationFilter } from './annotation-filter';
import { describePattern, toolNameMatcher, type ToolNamePattern } from './tool-name-pattern';

export type { ToolNamePattern } from './tool-name-pattern';

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

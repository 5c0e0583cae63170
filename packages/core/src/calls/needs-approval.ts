import type { Agent } from '../agent/agent';
import type { ApprovalPolicy, ApprovalPolicyCall } from '../approvals/approval-policy';
import type { RunContext, Tool } from '../contracts/tool';
import { errorMessage } from '../errors/error-message';
import { ToolCallError } from '../errors/tool-call.error';

/** One call as the approval rules see it. */
export interface ApprovalQuestion<TContext = unknown> {
  readonly tool: Tool<TContext>;
  /** The validated arguments. */
  readonly args: unknown;
  readonly callId: string;
  /** The agent whose turn made the call (what policies are told). */
  readonly agent: Agent<any>;
  readonly runContext: RunContext<TContext>;
  /** The runner's approval policies (`approvalPolicies`). */
  readonly policies: readonly ApprovalPolicy<TContext>[];
  /** Every call of the batch about to run, for batch-wide policies (default: this call alone). */
  readonly batch?: readonly ApprovalPolicyCall[];
}

/**
 * Whether a person (or an approval handler) must approve a call before it runs, by the rules a
 * run applies: the tool's predicate (`needsApproval: (ctx, args, callId) => boolean`), else its
 * flag (`needsApproval: true`), else any of the policies answering `true`. A predicate or policy
 * that throws fails with `ToolCallError` naming it: a call nobody could check must not run.
 */
export async function toolCallNeedsApproval<TContext>(question: ApprovalQuestion<TContext>): Promise<boolean> {
  const { tool, args, callId, agent, runContext, policies } = question;
  if (typeof tool.needsApproval === 'function') {
    const predicate = tool.needsApproval;
    return guardedApprovalCheck(tool, callId, `the needsApproval predicate of tool "${tool.name}"`, () => predicate(runContext, args, callId));
  }
  if (tool.needsApproval === true) return true;
  if (policies.length === 0) return false;
  const batch = question.batch ?? [{ tool, toolName: tool.name, callId, args }];
  for (const policy of policies) {
    const input = { tool, toolName: tool.name, callId, args, agent, batch };
    if (await guardedApprovalCheck(tool, callId, `approval policy "${policy.name}"`, () => policy.requiresApproval(input, runContext))) return true;
  }
  return false;
}

/** Runs one approval check; a throw becomes `ToolCallError` naming `what`. @internal */
export async function guardedApprovalCheck<T>(tool: Tool<any>, callId: string, what: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ToolCallError(`Approval check failed: ${what} threw for call ${callId}: ${errorMessage(error)}`, tool.name, callId, error);
  }
}

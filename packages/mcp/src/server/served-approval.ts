import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_REJECTION_MESSAGE, ToolCallError, emptyUsage,
  type Agent, type ApprovalDecision, type ApprovalRequest, type RunContext, type Tool, type ToolResult,
} from '@toolwright/core';
import { strictArgumentsText, toolCallNeedsApproval } from '@toolwright/core/extend';
import { boundedText } from '../shared/bounded-text';
import { outputSchemaOf } from '../shared/output-schema';
import { checkCallInput, type InputCheckHost } from './call-input-check';
import { callToolResultOf } from './content-mapping';
import type { McpApprovals } from './mcp-approvals';
import type { McpServedCallOptions } from './served-call-options';
import type { ServedCall } from './served-call';

/** What the approval step decided: run the call (with these arguments), or answer it without running. @internal */
export type ApprovalOutcome = { readonly run: string } | { readonly answer: CallToolResult };

/** What the approval step of one served call works with. @internal */
export interface ApprovalStep {
  readonly call: ServedCall;
  /** The arguments as the JSON text the call runs with. */
  readonly argumentsJson: string;
  /** The call's host (context, call id, agent, signal, output cap), as the call will run with it. */
  readonly host: InputCheckHost & { readonly callId: string; readonly agent: Agent<any> };
  readonly options: McpServedCallOptions;
  readonly approvals: McpApprovals;
}

/**
 * The approval step of a served call, with a run's rules: a call whose arguments are invalid is
 * answered with the argument error and never asks anyone; a call needs approval by the tool's
 * predicate or flag, else by `approvalPolicies` (`toolCallNeedsApproval`). With
 * `guardrailsBeforeApproval`, its input guardrails run first and a refusal answers it without
 * asking. Then the first to decide: the `approvalHandler`, a decision recorded on the server's
 * approvals for this exact call (same session, tool and arguments; used once), the client's user
 * through elicitation. A rejection answers with its message as an error; an undecided call is
 * answered with an error naming its pending approval, and does not run. @internal
 */
export async function approveServedCall(step: ApprovalStep): Promise<ApprovalOutcome> {
  const { call, argumentsJson, host, options } = step;
  const { tool } = call;
  const policies = options.approvalPolicies ?? [];
  if (tool.needsApproval !== true && typeof tool.needsApproval !== 'function' && policies.length === 0) return { run: argumentsJson };
  const checked = await checkCallInput(tool, argumentsJson, host);
  if ('answer' in checked) return { answer: answerOf(tool, checked.answer) };
  const runContext: RunContext<unknown> = { context: host.context, usage: emptyUsage() };
  const question = { tool, args: checked.args, callId: host.callId, agent: host.agent, runContext, policies };
  if (!(await toolCallNeedsApproval(question))) return { run: argumentsJson };
  if (options.guardrailsBeforeApproval) {
    const guarded = await checkCallInput(tool, argumentsJson, host, options.guardrails ?? []);
    if ('answer' in guarded) return { answer: answerOf(tool, guarded.answer) };
  }
  const key = `${call.info.sessionId ?? ''}\u0000${tool.name}\u0000${argumentsJson}`;
  const request: ApprovalRequest = { callId: host.callId, toolName: tool.name, arguments: checked.args, agent: host.agent };
  const decision = (await askHandler(options, request, runContext, tool)) ?? step.approvals.take(key) ?? (await elicited(call));
  if (!decision) return { answer: pendingApproval(step, key) };
  if (!decision.approved) return { answer: { content: [{ type: 'text', text: decision.message ?? DEFAULT_REJECTION_MESSAGE }], isError: true } };
  return { run: decision.arguments === undefined ? argumentsJson : editedArguments(tool, decision.arguments, host.callId) };
}

/** A result the checks answered the call with, as the call's own result would be sent. */
function answerOf(tool: Tool, result: ToolResult): CallToolResult {
  return callToolResultOf(result, tool.name, outputSchemaOf(tool));
}

async function askHandler(
  options: McpServedCallOptions,
  request: ApprovalRequest,
  runContext: RunContext<unknown>,
  tool: Tool,
): Promise<ApprovalDecision | undefined> {
  const handler = options.approvalHandler;
  if (!handler) return undefined;
  let decision: unknown;
  try {
    decision = await handler(request, runContext);
  } catch (error) {
    throw new ToolCallError(`Approval check failed: the approvalHandler threw for tool "${tool.name}" (call ${request.callId}): ${error instanceof Error ? error.message : String(error)}`, tool.name, request.callId, error);
  }
  if (decision === undefined || decision === null) return undefined;
  if (typeof decision !== 'object' || typeof (decision as { approved?: unknown }).approved !== 'boolean') {
    throw new ToolCallError(
      `The approvalHandler returned ${boundedText(String(JSON.stringify(decision)), 200)} for tool "${tool.name}" (call ${request.callId}); ` +
        'return { approved: true }, { approved: false, message }, or undefined to leave the call to a person.',
      tool.name,
      request.callId,
    );
  }
  return decision as ApprovalDecision;
}

/**
 * Arguments an approver edited, in the typed form a method receives (optional fields may be left
 * out), as the JSON text the call is validated against again like any arguments.
 */
function editedArguments(tool: Tool, edited: unknown, callId: string): string {
  try {
    return strictArgumentsText(tool, edited, callId);
  } catch (error) {
    throw new ToolCallError(`The approvalHandler edited the arguments of tool "${tool.name}" (call ${callId}) into a value that cannot be sent: ${error instanceof Error ? error.message : String(error)}`, tool.name, callId, error);
  }
}

async function elicited(call: ServedCall): Promise<ApprovalDecision | undefined> {
  if (!call.elicit) return undefined;
  const name = call.tool.name;
  const answer = await call.elicit(`The tool "${name}" needs your approval to run with these arguments:\n${boundedText(JSON.stringify(call.arguments ?? {}, null, 2), 4000)}`);
  if (answer === undefined) return undefined;
  return answer ? { approved: true } : { approved: false, message: `The user declined the call to "${name}".` };
}

/** The answer to a call left waiting for a person: an error naming the pending approval. */
function pendingApproval(step: ApprovalStep, key: string): CallToolResult {
  const { call } = step;
  const pending = step.approvals.pend(key, { toolName: call.tool.name, arguments: call.arguments ?? {}, sessionId: call.info.sessionId });
  const text =
    `The tool "${call.tool.name}" needs approval before it runs. Pending approval: ${pending.id}. ` +
    'It did not run. Once a person has approved it on the server, call the tool again with the same arguments.';
  return { content: [{ type: 'text', text }], isError: true };
}

import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  Agent, Content, RunCancelledError, Runner, ToolResult, ToolwrightError,
  type ApprovalHandler, type ContentPart, type Item, type RunnerOptions, type Tool,
} from '@toolwright/core';
import { boundedText } from '../shared/bounded-text';
import { outputSchemaOf } from '../shared/output-schema';
import { callToolResultOf } from './content-mapping';
import type { McpApprovals } from './mcp-approvals';
import { OneCallModel } from './one-call-model';
import type { McpCallInfo } from './serve-options';

/** One `tools/call` to run. @internal */
export interface ServedCall {
  tool: Tool;
  arguments: Record<string, unknown> | undefined;
  info: McpCallInfo;
  /** Aborted when the client sends `notifications/cancelled` (or the session ends). */
  signal: AbortSignal;
  /** Sends a progress notification, when the client asked for progress. */
  progress?: (result: ToolResult) => void;
  /** Asks the client's user to approve (elicitation): true/false, or undefined when that is not possible. */
  elicit?: (message: string) => Promise<boolean | undefined>;
}

/** What every served call shares. @internal */
export interface ExecutorConfig {
  runner: Omit<RunnerOptions, 'model' | 'maxTurns'>;
  context?: (info: McpCallInfo) => unknown;
  approvals: McpApprovals;
}

/**
 * Runs a `tools/call` through a Runner, as a one-call run, so it takes the same path as a call
 * made by a model: argument validation, approval, guardrails, interceptors, timeout, output caps.
 * Each call is its own run, so a `duplicates` policy does not apply across calls. Progress the
 * tool emits becomes progress notifications. A call that needs approval is decided by the
 * runner's `approvalHandler`, then by a decision recorded on the server's approvals, then by
 * the client's user through elicitation; otherwise it fails with an error naming the pending
 * approval. @internal
 */
export async function executeServedCall(call: ServedCall, config: ExecutorConfig): Promise<CallToolResult> {
  const { tool, info } = call;
  const argumentsJson = JSON.stringify(call.arguments ?? {});
  const key = `${info.sessionId ?? ''}\u0000${tool.name}\u0000${argumentsJson}`;
  let rejected = false;
  const approvalHandler: ApprovalHandler = async (request, ctx) => {
    const decision = (await config.runner.approvalHandler?.(request, ctx)) ?? config.approvals.take(key) ?? (await elicited(call, tool));
    if (decision && !decision.approved) rejected = true;
    return decision;
  };
  const callId = `mcp_${randomUUID()}`;
  const agent = new Agent({
    name: 'mcp',
    tools: [{ ...tool, deferred: false, duplicates: 'allow' }],
    model: new OneCallModel({ type: 'function_call', callId, name: tool.name, arguments: argumentsJson }),
    toolUseBehavior: 'stop_on_first_tool',
  });
  const runner = new Runner({ ...config.runner, maxTurns: 1, approvalHandler });
  const context = config.context ? await config.context(info) : undefined;
  const stream = runner.stream(agent, `tools/call ${tool.name}`, { context, signal: call.signal });
  let output: ToolResult | undefined;
  let truncated = false;
  let sent: ContentPart[] | undefined;
  try {
    for await (const event of stream) {
      if (event.type === 'tool_progress' && event.callId === callId) call.progress?.(event.result);
      else if (event.type === 'tool_output' && event.callId === callId) {
        output = event.result;
        truncated = event.truncated !== undefined;
      }
    }
    const result = await stream.result;
    if (result.status === 'interrupted') return pendingApproval(call, key, config.approvals);
    sent = modelOutputOf(result.newItems, callId);
  } catch (error) {
    if (error instanceof RunCancelledError) throw error;
    return { content: [{ type: 'text', text: failureText(tool, error) }], isError: true };
  }
  if (!output) return { content: [{ type: 'text', text: `The tool "${tool.name}" produced no output.` }], isError: true };
  // What a model would have been sent: the output cut to the runner's output cap.
  const capped = sent ? new ToolResult(sent, { isError: output.isError }) : output;
  if (rejected) return { ...callToolResultOf(capped, tool.name), isError: true };
  const outputSchema = outputSchemaOf(tool);
  if (outputSchema && truncated && !capped.isError) {
    return { content: [{ type: 'text', text: `The output of "${tool.name}" was longer than the output cap, so it was cut and cannot be sent as structured content.` }], isError: true };
  }
  return callToolResultOf(capped, tool.name, outputSchema);
}

/** The output of call `callId` as the run recorded it for the model (after the output cap). */
function modelOutputOf(items: readonly Item[], callId: string): ContentPart[] | undefined {
  for (const item of items) {
    if (item.type !== 'function_call_output' || item.callId !== callId) continue;
    return typeof item.output === 'string' ? [Content.text(item.output)] : item.output;
  }
  return undefined;
}

async function elicited(call: ServedCall, tool: Tool): Promise<{ approved: true } | { approved: false; message: string } | undefined> {
  if (!call.elicit) return undefined;
  const answer = await call.elicit(`The tool "${tool.name}" needs your approval to run with these arguments:\n${boundedText(JSON.stringify(call.arguments ?? {}, null, 2), 4000)}`);
  if (answer === undefined) return undefined;
  return answer ? { approved: true } : { approved: false, message: `The user declined the call to "${tool.name}".` };
}

/** The answer to a call left waiting for a person: an error naming the pending approval. */
function pendingApproval(call: ServedCall, key: string, approvals: McpApprovals): CallToolResult {
  const pending = approvals.pend(key, { toolName: call.tool.name, arguments: call.arguments ?? {}, sessionId: call.info.sessionId });
  const text =
    `The tool "${call.tool.name}" needs approval before it runs. Pending approval: ${pending.id}. ` +
    'It did not run. Once a person has approved it on the server, call the tool again with the same arguments.';
  return { content: [{ type: 'text', text }], isError: true };
}

function failureText(tool: Tool, error: unknown): string {
  if (error instanceof ToolwrightError) return boundedText(error.message, 4000);
  return `The tool "${tool.name}" failed: ${boundedText(error instanceof Error ? error.message : String(error), 2000)}`;
}

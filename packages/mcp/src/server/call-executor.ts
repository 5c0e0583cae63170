import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RunCancelledError, ToolwrightError, emptyUsage, type Agent, type Tool } from '@toolwright/core';
import { executeToolCall, naturalArgumentsText } from '@toolwright/core/extend';
import { boundedText } from '../shared/bounded-text';
import { outputSchemaOf } from '../shared/output-schema';
import { callToolResultOf } from './content-mapping';
import type { McpApprovals } from './mcp-approvals';
import type { McpCallInfo } from './serve-options';
import type { McpServedCallOptions } from './served-call-options';
import type { ServedCall } from './served-call';
import { approveServedCall } from './served-approval';

/** What every served call shares. @internal */
export interface ExecutorConfig {
  options: McpServedCallOptions;
  context?: (info: McpCallInfo) => unknown;
  approvals: McpApprovals;
  /** The agent a served call's context, approval policies and handler are shown (one per server). */
  agent: Agent<any>;
}

/**
 * Runs one `tools/call` as a call a model makes runs, without a model or a run: the arguments in
 * the tool's natural form made strict (`naturalArgumentsText`: `null` for an optional one left
 * out), the approval step
 * (`approveServedCall`), then `executeToolCall` — argument validation, guardrails (the `runner`
 * option's, then the tool's), interceptors, the time limit (the tool's, else `toolTimeoutMs`)
 * with the call's signal, `failureError`, the output cap (the tool's, else
 * `maxToolOutputBytes`). Progress the tool emits becomes progress notifications. What would end
 * a run — a tripwire, a throwing guardrail or an unknown outcome, `failureError: null` — fails the
 * call: its message is an `isError` result, as there is no run to end. Each call stands alone,
 * so a `duplicates` policy does not apply across calls. @internal
 */
export async function executeServedCall(call: ServedCall, config: ExecutorConfig): Promise<CallToolResult> {
  const { tool, info } = call;
  const options = config.options;
  const context = config.context ? await config.context(info) : undefined;
  const host = { context, callId: `mcp_${randomUUID()}`, agent: config.agent, signal: call.signal, maxOutputBytes: options.maxToolOutputBytes, client: call.client };
  try {
    // Clients send the natural form (an optional argument may be left out): the strict form the
    // tool validates has `null` for it.
    const argumentsJson = naturalArgumentsText(tool, call.arguments ?? {}, host.callId);
    if (tool.isEnabled && !(await tool.isEnabled({ context, usage: emptyUsage() }, config.agent))) {
      return { content: [{ type: 'text', text: `The tool "${tool.name}" is not enabled for this call; it did not run.` }], isError: true };
    }
    const approval = await approveServedCall({ call, argumentsJson, host, options, approvals: config.approvals });
    if ('answer' in approval) return approval.answer;
    let truncated = false;
    const result = await executeToolCall(tool, approval.run, {
      ...host,
      guardrails: options.guardrails,
      interceptors: options.interceptors,
      timeoutMs: options.toolTimeoutMs,
      emit: (event) => {
        if (event.type === 'tool_progress') call.progress?.(event.result);
        else if (event.type === 'tool_output') truncated = event.truncated !== undefined;
      },
    });
    const outputSchema = outputSchemaOf(tool);
    if (outputSchema && truncated && !result.isError) {
      return { content: [{ type: 'text', text: `The output of "${tool.name}" was longer than the output cap, so it was cut and cannot be sent as structured content.` }], isError: true };
    }
    return callToolResultOf(result, tool.name, outputSchema);
  } catch (error) {
    if (error instanceof RunCancelledError) throw error;
    return { content: [{ type: 'text', text: failureText(tool, error) }], isError: true };
  }
}

function failureText(tool: Tool, error: unknown): string {
  if (error instanceof ToolwrightError) return boundedText(error.message, 4000);
  return `The tool "${tool.name}" failed: ${boundedText(error instanceof Error ? error.message : String(error), 2000)}`;
}

import type { Agent } from '../agent/agent';
import type { ToolOutputEvent } from '../contracts/run-event';
import type { Tool } from '../contracts/tool';
import type { FunctionCallItem } from '../items/item';
import type { ContentPart } from '../result/content';
import { capToolOutput, type OutputTruncation } from '../result/output-cap';
import type { ToolResult } from '../result/tool-result';
import type { CallHost } from './call-host';

/** What the model is sent for a call, and how long the call took. @internal */
export interface FinishedCall {
  /** The result's output, its text cut to the output cap. */
  readonly modelOutput: string | ContentPart[];
  /** Set when `modelOutput` was cut. */
  readonly truncated?: OutputTruncation;
  readonly durationMs: number;
}

/**
 * The last steps of every call, run or answered without running: a cancelled host drops it; the
 * tool's own usage joins the host's; the output is cut to the cap (the tool's `maxOutputBytes`,
 * else the host's); `tool_output` is emitted with the full result. @internal
 */
export function finishCall(host: CallHost, agent: Agent<any>, call: FunctionCallItem, tool: Tool | undefined, result: ToolResult, started: number): FinishedCall {
  host.throwIfCancelled();
  if (result.usage) host.addUsage(result.usage);
  const durationMs = performance.now() - started;
  const { output, truncated } = capToolOutput(result, tool?.maxOutputBytes ?? host.maxToolOutputBytes);
  const emit = host.emit;
  if (emit) {
    const event: ToolOutputEvent = { type: 'tool_output', agent, toolName: call.name, callId: call.callId, result, durationMs };
    if (truncated) event.truncated = truncated;
    emit(event);
  }
  return truncated ? { modelOutput: output, truncated, durationMs } : { modelOutput: output, durationMs };
}

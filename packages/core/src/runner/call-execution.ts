import type { Agent } from '../agent/agent';
import { ToolCallError } from '../errors/tool-call.error';
import { runInputGuardrails, runOutputGuardrails } from './stages/run-tool-guardrails';
import { runInterceptors } from '../interceptors/interceptor-chain';
import { detailsRoundTripProblem, ToolResult } from '../result/tool-result';
import { ToolInterruption } from '../approvals/tool-interruption';
import { nestedStateWithDecisions } from './stages/nested-state';
import { addUsage } from '../result/usage';
import { capToolOutput } from '../result/output-cap';
import type { ToolOutputEvent } from '../contracts/run-event';
import type { Tool } from '../contracts/tool';
import type { CallOutcome } from './call-outcome';
import type { PreparedCall } from './call-preparation';
import { invokeTool } from './invoke-tool';
import { emitEvent, type RunEnvironment } from './run-environment';
import { openCall } from './open-call';
import { failureResult } from './tool-failure';
import { isRunStoreFailure } from '../stores/run-store-failure';

/**
 * The execution stages of one call's path (after preparation and approval): input guardrails →
 * interceptors (onion) → invoke with timeout and signal → `failureError` on error → output
 * guardrails → result checks → usage and the `tool_output` event. Fatal problems throw. @internal
 */
export async function executeCall(env: RunEnvironment, agent: Agent<any>, prepared: PreparedCall): Promise<CallOutcome> {
  const started = performance.now();
  const { call, tool } = prepared;
  if (prepared.answer || !tool) {
    return finish(env, agent, prepared, prepared.answer!, prepared.failed, started, call.arguments, false);
  }
  const args = prepared.args;
  const { record, ctx, onTripwire } = openCall(env, agent, call, tool);
  const nested = env.state.pendingBatch?.nested?.get(call.callId);
  if (nested) ctx.nestedState = nestedStateWithDecisions(env.state, nested);
  let invoked = false;
  env.activeCalls.add(record);
  let result: ToolResult;
  try {
    const enhancers = env.enhancers.of(tool);
    const inputGuardrails = enhancers.inputGuardrails;
    const refused = inputGuardrails.length > 0 ? await runInputGuardrails(inputGuardrails, tool, args, ctx, onTripwire) : undefined;
    if (refused) {
      result = refused;
    } else {
      invoked = true;
      try {
        result = await runInterceptors(enhancers.interceptors, { tool, args, ctx }, () =>
          invokeTool(tool, ctx, args, record, env.toolTimeoutMs),
        );
      } catch (error) {
        env.cancellation.throwIfCancelled();
        // The store of a resumed run could not record the call: going on could run it twice.
        if (isRunStoreFailure(error)) throw error;
        if (isInterruption(error)) {
          return { call, tool, args, result: ToolResult.text(''), modelOutput: '', failed: false, durationMs: performance.now() - started, invoked, paused: error };
        }
        result = failureResult(tool, error, ctx);
      }
      const outputGuardrails = enhancers.outputGuardrails;
      if (outputGuardrails.length > 0) result = await runOutputGuardrails(outputGuardrails, tool, args, result, ctx, onTripwire);
    }
  } finally {
    record.done = true;
    env.activeCalls.delete(record);
  }
  checkDetails(tool, call.callId, result);
  return finish(env, agent, prepared, result, result.isError === true, started, args, invoked);
}

function finish(
  env: RunEnvironment,
  agent: Agent<any>,
  prepared: PreparedCall,
  result: ToolResult,
  failed: boolean,
  started: number,
  args: unknown,
  invoked: boolean,
): CallOutcome {
  env.cancellation.throwIfCancelled();
  const { call } = prepared;
  if (result.usage) {
    addUsage(env.state.toolUsage, result.usage);
    addUsage(env.state.usage, result.usage);
  }
  const durationMs = performance.now() - started;
  const { output, truncated } = capToolOutput(result, prepared.tool?.maxOutputBytes ?? env.maxToolOutputBytes);
  if (env.channel) {
    const event: ToolOutputEvent = { type: 'tool_output', agent, toolName: call.name, callId: call.callId, result, durationMs };
    if (truncated) event.truncated = truncated;
    emitEvent(env, event);
  }
  const outcome: CallOutcome = { call, tool: prepared.tool, args, result, modelOutput: output, failed, durationMs, invoked };
  if (truncated) outcome.truncated = truncated;
  return outcome;
}

function checkDetails(tool: Tool, callId: string, result: ToolResult): void {
  if (result.details === undefined) return;
  const problem = detailsRoundTripProblem(result.details);
  if (problem) {
    throw new ToolCallError(
      `Tool "${tool.name}" (call ${callId}) returned details that do not survive a JSON round-trip: ${problem}. ` +
        'Details are stored in the run state and shown in UIs; keep them to plain JSON values (strings, numbers, booleans, null, arrays, plain objects).',
      tool.name,
      callId,
    );
  }
}

/** `instanceof ToolInterruption`, for anything a tool may throw (a revoked Proxy throws on `instanceof`). */
function isInterruption(error: unknown): error is ToolInterruption {
  try {
    return error instanceof ToolInterruption;
  } catch {
    return false;
  }
}



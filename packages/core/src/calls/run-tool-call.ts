import type { Agent } from '../agent/agent';
import { ToolInterruption } from '../approvals/tool-interruption';
import type { Tool } from '../contracts/tool';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { FunctionCallItem } from '../items/item';
import { runInterceptors } from '../interceptors/interceptor-chain';
import { timeLimitProblem } from '../limits/time-limit';
import { detailsRoundTripProblem, ToolResult } from '../result/tool-result';
import { isRunStoreFailure } from '../stores/run-store-failure';
import type { CallHost } from './call-host';
import { invokeTool } from './invoke-tool';
import { openCall } from './open-call';
import { failureResult } from './tool-failure';
import { isFatalCallError } from '../errors/fatal-errors';
import { runInputGuardrails, runOutputGuardrails } from './tool-guardrails';

/** What one call's pipeline ended with (before the output cap). @internal */
export interface ToolCallRun {
  /** The call's result: what the tool returned, the refusal, or the error text. */
  readonly result: ToolResult;
  /** Whether the call went past its input guardrails into the interceptors and the tool. */
  readonly invoked: boolean;
  /** Set when the tool paused inside (threw `ToolInterruption`): the call has no output yet. */
  readonly paused?: ToolInterruption;
}

/**
 * The call pipeline, for a call whose arguments were validated: input guardrails → the host's
 * lifecycle → interceptors (onion) → the tool, with its time limit and signal → `failureError`
 * on error → output guardrails → the `details` check. Fatal problems throw: a tripwire, a
 * throwing or unknown guardrail outcome, `failureError: null`, details that are not JSON, a
 * cancelled host (its error), a store that could not record the call. @internal
 */
export async function runToolCall(
  host: CallHost,
  agent: Agent<any>,
  call: FunctionCallItem,
  tool: Tool,
  args: unknown,
  nestedState?: string,
): Promise<ToolCallRun> {
  checkCallTimeLimit(tool);
  const { record, ctx, onDecision } = openCall(host, agent, call, tool);
  if (nestedState !== undefined) ctx.nestedState = nestedState;
  const lifecycle = host.lifecycle;
  const tracer = lifecycle?.tracer;
  let invoked = false;
  host.activeCalls.add(record);
  let result: ToolResult;
  try {
    const enhancers = host.enhancers.of(tool);
    const inputGuardrails = enhancers.inputGuardrails;
    const refused = inputGuardrails.length > 0 ? await runInputGuardrails(inputGuardrails, tool, args, ctx, onDecision, tracer) : undefined;
    if (refused) {
      result = refused;
    } else {
      invoked = true;
      try {
        const invoke = () => runInterceptors(enhancers.interceptors, { tool, args, ctx }, () => invokeTool(tool, ctx, args, record, host.toolTimeoutMs));
        const around = lifecycle?.around;
        result = await (around ? around.call(lifecycle, { tool, args, ctx, abort: (reason) => record.abort(reason) }, invoke) : invoke());
      } catch (error) {
        host.throwIfCancelled();
        // The store of a resumed run could not record the call: going on could run it twice.
        if (isRunStoreFailure(error)) throw error;
        // A call made on this call's behalf ended its run: so does this call.
        if (isFatalCallError(error)) throw error;
        if (isInterruption(error)) return { result: ToolResult.text(''), invoked, paused: error };
        result = failureResult(tool, error, ctx, host.failureError);
      }
      const outputGuardrails = enhancers.outputGuardrails;
      if (outputGuardrails.length > 0) result = await runOutputGuardrails(outputGuardrails, tool, args, result, ctx, onDecision, tracer);
    }
  } finally {
    record.done = true;
    host.activeCalls.delete(record);
  }
  checkDetails(tool, call.callId, result);
  return { result, invoked };
}

/**
 * Refuses a tool whose time limit cannot be honoured (a tool object built without `defineTool`,
 * or changed after): the run fails naming the tool, instead of the call timing out at once. @internal
 */
export function checkCallTimeLimit(tool: Tool): void {
  if (tool.timeoutMs === undefined) return;
  const problem = timeLimitProblem(tool.timeoutMs);
  if (problem) throw new ToolDefinitionError(`Tool "${tool.name}": timeoutMs ${problem}. Fix the tool's timeoutMs (Infinity or null for no limit).`, tool.name);
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

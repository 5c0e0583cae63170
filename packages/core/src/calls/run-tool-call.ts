import type { Agent } from '../agent/agent';
import { ToolInterruption } from '../approvals/tool-interruption';
import type { Tool } from '../contracts/tool';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { FunctionCallItem } from '../items/item';
import { runInterceptors } from '../interceptors/interceptor-chain';
import { timeLimitProblem } from '../limits/time-limit';
import { detailsRoundTripProblem, ToolResult, toToolResult } from '../result/tool-result';
import { isRunStoreFailure } from '../stores/run-store-failure';
import type { CallHost } from './call-host';
import { awaitToolValue, invokeTool } from './invoke-tool';
import { isThenable } from '../util/is-thenable';
import type { CollectedEnhancers } from './tool-enhancers';
import { guardrailDecisionReporter } from './open-call';
import { CallRecord } from './call-record';
import { CallToolContext } from './tool-context';
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
 * cancelled host (its error), a store that could not record the call. A call with nothing
 * around its tool (no guardrails, interceptors or lifecycle) whose tool returns a value, not a
 * promise, is answered synchronously: no promise is made for it. Callers that need a promise wrap
 * the call in an async function, so a fatal problem is a rejection there too. @internal
 */
export function runToolCall(
  host: CallHost,
  agent: Agent<any>,
  call: FunctionCallItem,
  tool: Tool,
  args: unknown,
  nestedState?: string,
): ToolCallRun | Promise<ToolCallRun> {
  checkCallTimeLimit(tool);
  const record = new CallRecord(tool.cancellable !== false);
  const ctx = new CallToolContext(host, agent, call, record);
  if (nestedState !== undefined) ctx.nestedState = nestedState;
  const enhancers = host.enhancers.of(tool);
  if (host.lifecycle?.around === undefined && enhancers.inputGuardrails.length === 0 && enhancers.outputGuardrails.length === 0 && enhancers.interceptors.length === 0) {
    return runPlainCall(host, call, tool, args, ctx, record);
  }
  return runEnhancedCall(host, agent, call, tool, args, ctx, record, enhancers);
}

/** A call through its guardrails, interceptors and the lifecycle's layer. */
async function runEnhancedCall(
  host: CallHost,
  agent: Agent<any>,
  call: FunctionCallItem,
  tool: Tool,
  args: unknown,
  ctx: CallToolContext<unknown>,
  record: CallRecord,
  enhancers: CollectedEnhancers,
): Promise<ToolCallRun> {
  const lifecycle = host.lifecycle;
  const tracer = lifecycle?.tracer;
  const inputGuardrails = enhancers.inputGuardrails;
  const outputGuardrails = enhancers.outputGuardrails;
  // The reporter is made only for calls that have guardrails.
  const onDecision = inputGuardrails.length > 0 || outputGuardrails.length > 0 ? guardrailDecisionReporter(host, agent, call, tool) : undefined;
  let invoked = false;
  host.activeCalls.add(record);
  let result: ToolResult;
  try {
    const refused = inputGuardrails.length > 0 ? await runInputGuardrails(inputGuardrails, tool, args, ctx, onDecision!, tracer) : undefined;
    if (refused) {
      result = refused;
    } else {
      invoked = true;
      try {
        const invoke = () => runInterceptors(enhancers.interceptors, { tool, args, ctx }, () => invokeTool(tool, ctx, args, record, host.toolTimeoutMs));
        const around = lifecycle?.around;
        result = await (around ? around.call(lifecycle, { tool, args, ctx, abort: (reason) => record.abort(reason) }, invoke) : invoke());
      } catch (error) {
        const failed = failedCall(host, tool, ctx, error);
        if (!(failed instanceof ToolResult)) return failed;
        result = failed;
      }
      if (outputGuardrails.length > 0) result = await runOutputGuardrails(outputGuardrails, tool, args, result, ctx, onDecision!, tracer);
    }
  } finally {
    record.done = true;
    host.activeCalls.delete(record);
  }
  checkDetails(tool, call.callId, result);
  return { result, invoked };
}

/** A call with nothing around its tool: synchronous while the tool is. */
function runPlainCall(host: CallHost, call: FunctionCallItem, tool: Tool, args: unknown, ctx: CallToolContext<unknown>, record: CallRecord): ToolCallRun | Promise<ToolCallRun> {
  let result: ToolResult;
  try {
    // As invokeTool: the tool's value is converted inside the call's error handling. The call
    // joins the host's active calls (which cancellation and a sibling's fatal error abort) once
    // it waits: nothing else runs while a tool runs synchronously.
    const value = tool.invoke(ctx, args);
    if (isThenable(value)) {
      host.activeCalls.add(record);
      return settleLater(host, call, tool, ctx, record, awaitToolValue(tool, ctx, value, record, host.toolTimeoutMs));
    }
    result = toToolResult(value);
  } catch (error) {
    return settled(host, call, tool, ctx, record, undefined, error);
  }
  return settled(host, call, tool, ctx, record, result, undefined);
}

async function settleLater(host: CallHost, call: FunctionCallItem, tool: Tool, ctx: CallToolContext<unknown>, record: CallRecord, pending: Promise<ToolResult>): Promise<ToolCallRun> {
  let result: ToolResult;
  try {
    result = await pending;
  } catch (error) {
    return settled(host, call, tool, ctx, record, undefined, error);
  }
  return settled(host, call, tool, ctx, record, result, undefined);
}

/** The end of a plain call: its result, or what its error makes of it; the call is done either way. */
function settled(host: CallHost, call: FunctionCallItem, tool: Tool, ctx: CallToolContext<unknown>, record: CallRecord, value: ToolResult | undefined, error: unknown): ToolCallRun {
  let result: ToolResult;
  try {
    if (value !== undefined) {
      result = value;
    } else {
      const failed = failedCall(host, tool, ctx, error);
      if (!(failed instanceof ToolResult)) return failed;
      result = failed;
    }
  } finally {
    record.done = true;
    host.activeCalls.delete(record);
  }
  checkDetails(tool, call.callId, result);
  return { result, invoked: true };
}

/**
 * What an error of the tool (or of what is around it) makes of the call: rethrown when it ends the
 * run, a pause when the tool paused inside, else the error's text for the model.
 */
function failedCall(host: CallHost, tool: Tool, ctx: CallToolContext<unknown>, error: unknown): ToolResult | ToolCallRun {
  host.throwIfCancelled();
  // The store of a resumed run could not record the call: going on could run it twice.
  if (isRunStoreFailure(error)) throw error;
  // A call made on this call's behalf ended its run: so does this call.
  if (isFatalCallError(error)) throw error;
  if (isInterruption(error)) return { result: ToolResult.text(''), invoked: true, paused: error };
  return failureResult(tool, error, ctx, host.failureError);
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

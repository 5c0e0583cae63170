import {
  GuardrailTripwireError, ToolCallError, ToolResult, ToolTimeoutError, defaultToolErrorText, toToolResult,
  type Tool, type ToolContext,
} from '@toolwright/core';

/**
 * Runs a hidden tool for `call_tool`, with what the tool itself declares: its input guardrails
 * (in order, first refusal wins), its interceptors (an onion around the call), its `timeoutMs`
 * (the tool's signal aborts), its `failureError`, then its output guardrails. The runner's own
 * guardrails and interceptors have already run around `call_tool`. @internal
 */
export async function runHiddenTool(tool: Tool, args: unknown, outer: ToolContext<any>): Promise<ToolResult> {
  const timeout = new AbortController();
  const signal = outer.signal ? AbortSignal.any([outer.signal, timeout.signal]) : timeout.signal;
  const ctx: ToolContext<any> = Object.create(outer, { toolName: { value: tool.name }, signal: { value: signal } });
  for (const guardrail of tool.inputGuardrails) {
    const outcome = await guardrail.check({ tool, args, ctx });
    if (outcome.kind === 'reject') return ToolResult.text(outcome.message);
    if (outcome.kind === 'tripwire') throw new GuardrailTripwireError(guardrail.name, tool.name, ctx.callId, outcome.message);
  }
  const invoke = (): Promise<ToolResult> => withTimeout(tool, ctx, timeout, () => Promise.resolve(tool.invoke(ctx, args)).then(toToolResult));
  const dispatch = async (i: number): Promise<ToolResult> =>
    i === tool.interceptors.length ? invoke() : toToolResult(await tool.interceptors[i]!.intercept({ tool, args, ctx }, () => dispatch(i + 1)));
  let result: ToolResult;
  try {
    result = await dispatch(0);
  } catch (error) {
    if (error instanceof GuardrailTripwireError) throw error;
    result = failure(tool, error, ctx);
  }
  for (const guardrail of tool.outputGuardrails) {
    const outcome = await guardrail.check({ tool, args, result, ctx });
    if (outcome.kind === 'reject') return ToolResult.text(outcome.message);
    if (outcome.kind === 'tripwire') throw new GuardrailTripwireError(guardrail.name, tool.name, ctx.callId, outcome.message);
  }
  return result;
}

function withTimeout(tool: Tool, ctx: ToolContext<any>, controller: AbortController, run: () => Promise<ToolResult>): Promise<ToolResult> {
  const ms = tool.timeoutMs;
  if (ms === undefined) return run();
  return new Promise<ToolResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new ToolTimeoutError(tool.name, ctx.callId, ms);
      controller.abort(error);
      reject(error);
    }, ms);
    run().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function failure(tool: Tool, error: unknown, ctx: ToolContext<any>): ToolResult {
  if (tool.failureError === null) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolCallError(`Tool "${tool.name}" (called through call_tool, call ${ctx.callId}) failed: ${message}`, tool.name, ctx.callId, error);
  }
  if (tool.failureError) return ToolResult.error(String(tool.failureError(error, ctx)));
  return ToolResult.error(defaultToolErrorText(tool.name, error));
}

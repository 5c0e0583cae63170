import type { Tool, ToolInputGuardrail, ToolOutputGuardrail, ToolResult } from '@toolwright/core';
import { executeToolCall, type ToolCallHost } from '@toolwright/core/extend';

/** What the checks before approval found: the validated arguments, or the call's answer instead. @internal */
export type CheckedInput = { readonly args: unknown } | { readonly answer: ToolResult };

/** The call's host for the checks: as for running it, without guardrails, interceptors or events. @internal */
export type InputCheckHost = Omit<ToolCallHost, 'guardrails' | 'interceptors' | 'emit' | 'timeoutMs' | 'parent'>;

/**
 * The steps of a served call's pipeline that come before its approval, run by `executeToolCall`
 * itself: argument validation (the tool's schema, then its own checks) and, when `guardrails`
 * are given, the input guardrails (those, then the tool's own). The tool is not run: a copy of it
 * whose `invoke` only records the validated arguments stands in for it, without interceptors or
 * output guardrails. A refusal (invalid arguments, a guardrail's `reject`) is the call's answer,
 * cut to the output cap as the call's own output would be; a tripwire, a throwing guardrail or an
 * unknown outcome reject as they would when the call runs. @internal
 */
export async function checkCallInput(
  tool: Tool,
  argumentsJson: string,
  host: InputCheckHost,
  guardrails?: ReadonlyArray<ToolInputGuardrail | ToolOutputGuardrail>,
): Promise<CheckedInput> {
  let reached: { args: unknown } | undefined;
  const inputOnly: Tool = {
    ...tool,
    inputGuardrails: guardrails ? tool.inputGuardrails : [],
    outputGuardrails: [],
    interceptors: [],
    timeoutMs: null,
    invoke: (_ctx, args) => {
      reached = { args };
      return '';
    },
  };
  const answer = await executeToolCall(inputOnly, argumentsJson, {
    ...host,
    guardrails: guardrails?.filter((g): g is ToolInputGuardrail => g.kind === 'input') ?? [],
  });
  return reached ?? { answer };
}

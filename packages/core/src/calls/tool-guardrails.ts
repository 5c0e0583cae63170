import { errorMessage } from '../errors/error-message';
import { GuardrailTripwireError, type GuardrailStage } from '../errors/guardrail-tripwire.error';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolResult } from '../result/tool-result';
import type { Tool, ToolContext } from '../contracts/tool';
import type { GuardrailOutcome, ToolInputGuardrail, ToolOutputGuardrail } from '../guardrails/guardrail';
import type { GuardrailTracer } from './call-host';

/**
 * Called when a tool guardrail refuses a call (`reject`) or trips, before `GuardrailTripwireError`
 * is thrown: records the decision in the run and emits `guardrail_tripped` for a tripwire.
 */
export type OnGuardrailDecision = (guardrail: string, stage: GuardrailStage, outcome: 'reject' | 'tripwire', message: string) => void;

/**
 * Runs input guardrails in order (runner-level first, then the tool's), stopping at the first
 * non-allow: `reject` returns the message as the call's output (the tool never runs), `tripwire`
 * throws `GuardrailTripwireError`. Returns `undefined` when every guardrail allowed the call.
 */
export function runInputGuardrails(
  guardrails: readonly ToolInputGuardrail[],
  tool: Tool,
  args: unknown,
  ctx: ToolContext<any>,
  onDecision: OnGuardrailDecision,
  tracer: GuardrailTracer | undefined,
): Promise<ToolResult | undefined> {
  const run = async (): Promise<ToolResult | undefined> => {
    for (const guardrail of guardrails) {
      const outcome = await check(guardrail.name, tool, ctx, () => guardrail.check({ tool, args, ctx }));
      const decided = apply(outcome, guardrail.name, tool, ctx, onDecision, 'tool_input');
      if (decided) return decided;
    }
    return undefined;
  };
  // Z-74: the stage gets its own span, `guardrail:tool_input`, under the call's span.
  return tracer ? tracer.guardrails('tool_input', guardrails.map((g) => g.name), ctx.callId, run, (r) => (r ? 'reject' : 'allow')) : run();
}

/**
 * Runs output guardrails in order on the call's result, stopping at the first non-allow:
 * `reject` replaces the output with the message, `tripwire` throws `GuardrailTripwireError`.
 */
export function runOutputGuardrails(
  guardrails: readonly ToolOutputGuardrail[],
  tool: Tool,
  args: unknown,
  result: ToolResult,
  ctx: ToolContext<any>,
  onDecision: OnGuardrailDecision,
  tracer: GuardrailTracer | undefined,
): Promise<ToolResult> {
  const run = async (): Promise<ToolResult> => {
    for (const guardrail of guardrails) {
      const outcome = await check(guardrail.name, tool, ctx, () => guardrail.check({ tool, args, result, ctx }));
      const decided = apply(outcome, guardrail.name, tool, ctx, onDecision, 'tool_output');
      if (decided) return decided;
    }
    return result;
  };
  return tracer ? tracer.guardrails('tool_output', guardrails.map((g) => g.name), ctx.callId, run, (r) => (r === result ? 'allow' : 'reject')) : run();
}

async function check(
  name: string,
  tool: Tool,
  ctx: ToolContext<any>,
  run: () => GuardrailOutcome | Promise<GuardrailOutcome>,
): Promise<GuardrailOutcome> {
  try {
    return await run();
  } catch (error) {
    throw new ToolCallError(
      `Guardrail "${name}" threw while checking tool "${tool.name}" (call ${ctx.callId}): ${errorMessage(error)}`,
      tool.name,
      ctx.callId,
      error,
    );
  }
}

function apply(outcome: GuardrailOutcome, name: string, tool: Tool, ctx: ToolContext<any>, onDecision: OnGuardrailDecision, stage: GuardrailStage): ToolResult | undefined {
  switch (outcome?.kind) {
    case 'allow':
      return undefined;
    case 'reject':
      onDecision(name, stage, 'reject', outcome.message);
      return ToolResult.text(outcome.message);
    case 'tripwire':
      onDecision(name, stage, 'tripwire', outcome.message);
      throw new GuardrailTripwireError(name, tool.name, ctx.callId, outcome.message, { stage, info: outcome.info });
    default:
      throw new ToolCallError(
        `Guardrail "${name}" returned ${JSON.stringify(outcome)} for tool "${tool.name}" (call ${ctx.callId}); ` +
          'return GuardrailOutcome.allow(), .reject(message) or .tripwire(message).',
        tool.name,
        ctx.callId,
      );
  }
}

import { errorMessage } from '../errors/error-message';
import { GuardrailTripwireError } from '../errors/guardrail-tripwire.error';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolResult } from '../result/tool-result';
import type { Tool, ToolContext } from '../tool/tool';
import type { GuardrailOutcome, ToolInputGuardrail, ToolOutputGuardrail } from './guardrail';

/** Called when a guardrail trips, before `GuardrailTripwireError` is thrown (emits the event). */
export type OnTripwire = (guardrail: string) => void;

/**
 * Runs input guardrails in order (runner-level first, then the tool's), stopping at the first
 * non-allow: `reject` returns the message as the call's output (the tool never runs), `tripwire`
 * throws `GuardrailTripwireError`. Returns `undefined` when every guardrail allowed the call.
 */
export async function runInputGuardrails(
  guardrails: readonly ToolInputGuardrail[],
  tool: Tool,
  args: unknown,
  ctx: ToolContext<any>,
  onTripwire: OnTripwire,
): Promise<ToolResult | undefined> {
  for (const guardrail of guardrails) {
    const outcome = await check(guardrail.name, tool, ctx, () => guardrail.check({ tool, args, ctx }));
    const decided = apply(outcome, guardrail.name, tool, ctx, onTripwire);
    if (decided) return decided;
  }
  return undefined;
}

/**
 * Runs output guardrails in order on the call's result, stopping at the first non-allow:
 * `reject` replaces the output with the message, `tripwire` throws `GuardrailTripwireError`.
 */
export async function runOutputGuardrails(
  guardrails: readonly ToolOutputGuardrail[],
  tool: Tool,
  args: unknown,
  result: ToolResult,
  ctx: ToolContext<any>,
  onTripwire: OnTripwire,
): Promise<ToolResult> {
  for (const guardrail of guardrails) {
    const outcome = await check(guardrail.name, tool, ctx, () => guardrail.check({ tool, args, result, ctx }));
    const decided = apply(outcome, guardrail.name, tool, ctx, onTripwire);
    if (decided) return decided;
  }
  return result;
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

function apply(outcome: GuardrailOutcome, name: string, tool: Tool, ctx: ToolContext<any>, onTripwire: OnTripwire): ToolResult | undefined {
  switch (outcome?.kind) {
    case 'allow':
      return undefined;
    case 'reject':
      return ToolResult.text(outcome.message);
    case 'tripwire':
      onTripwire(name);
      throw new GuardrailTripwireError(name, tool.name, ctx.callId, outcome.message);
    default:
      throw new ToolCallError(
        `Guardrail "${name}" returned ${JSON.stringify(outcome)} for tool "${tool.name}" (call ${ctx.callId}); ` +
          'return GuardrailOutcome.allow(), .reject(message) or .tripwire(message).',
        tool.name,
        ctx.callId,
      );
  }
}

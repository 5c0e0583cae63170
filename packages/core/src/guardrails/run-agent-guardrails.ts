import type { AgentRef as Agent } from '../contracts/class-refs';
import { errorMessage } from '../errors/error-message';
import { GuardrailTripwireError } from '../errors/guardrail-tripwire.error';
import { UserError } from '../errors/user.error';
import type { Item } from '../items/item';
import type { RunContext } from '../contracts/tool';
import type { GuardrailResult, InputGuardrail, OutputGuardrail } from './agent-guardrail';
import type { GuardrailOutcome } from './guardrail';

/** Called just before a tripwire's error is thrown (emits `guardrail_tripped`). @internal */
export type OnAgentTripwire = (guardrail: string) => void;

/**
 * Runs agent-level guardrails in order, recording each result into `results`, and stops at the
 * first tripwire with `GuardrailTripwireError` (stage `input` or `output`). A guardrail that
 * throws fails the run with `UserError` naming it; `reject` is refused (there is no call output
 * to replace). @internal
 */
export async function runAgentGuardrails(
  stage: 'input' | 'output',
  guardrails: ReadonlyArray<InputGuardrail | OutputGuardrail>,
  agent: Agent<any>,
  subject: string | Item[] | unknown,
  ctx: RunContext<any>,
  results: GuardrailResult[],
  onTripwire: OnAgentTripwire,
): Promise<void> {
  for (const guardrail of guardrails) {
    let outcome: GuardrailOutcome;
    try {
      outcome =
        stage === 'input'
          ? await (guardrail as InputGuardrail).check({ agent, input: subject as string | Item[], ctx })
          : await (guardrail as OutputGuardrail).check({ agent, output: subject, ctx });
    } catch (error) {
      throw new UserError(`The ${stage} guardrail "${guardrail.name}" of agent "${agent.name}" threw: ${errorMessage(error)}`, { cause: error });
    }
    if (outcome?.kind === 'allow') {
      results.push(withInfo({ guardrail: guardrail.name, agent: agent.name, tripped: false }, outcome.info));
      continue;
    }
    if (outcome?.kind !== 'tripwire') {
      throw new UserError(
        `The ${stage} guardrail "${guardrail.name}" returned ${JSON.stringify(outcome)}; an agent-level guardrail returns ` +
          'GuardrailOutcome.allow(info?) or GuardrailOutcome.tripwire(message, info?).',
      );
    }
    results.push(withInfo({ guardrail: guardrail.name, agent: agent.name, tripped: true, message: outcome.message }, outcome.info));
    onTripwire(guardrail.name);
    throw new GuardrailTripwireError(guardrail.name, '', '', outcome.message, { stage, info: outcome.info, agentName: agent.name });
  }
}

function withInfo(result: GuardrailResult, info: unknown): GuardrailResult {
  if (info !== undefined) result.info = info;
  return result;
}

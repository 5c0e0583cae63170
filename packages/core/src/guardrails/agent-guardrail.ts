import type { InputGuardrail, OutputGuardrail, GuardrailResult } from '../contracts/agent-guardrail';
import { UserError } from '../errors/user.error';

export type { InputGuardrail, OutputGuardrail, GuardrailResult };

/**
 * Defines an input guardrail for `new Agent({ inputGuardrails })` or `new Runner({ inputGuardrails })`.
 *
 * @example
 * const noSecrets = defineInputGuardrail({
 *   name: 'no-secrets',
 *   check: ({ input }) => (JSON.stringify(input).includes('sk-') ? GuardrailOutcome.tripwire('an API key in the input') : GuardrailOutcome.allow()),
 * });
 */
export function defineInputGuardrail<TContext = any>(def: Omit<InputGuardrail<TContext>, 'kind'>): InputGuardrail<TContext> {
  checkDefinition('defineInputGuardrail', def);
  return { kind: 'agent_input', name: def.name, check: def.check };
}

/** Defines an output guardrail for `new Agent({ outputGuardrails })` or `new Runner({ outputGuardrails })`. */
export function defineOutputGuardrail<TContext = any>(def: Omit<OutputGuardrail<TContext>, 'kind'>): OutputGuardrail<TContext> {
  checkDefinition('defineOutputGuardrail', def);
  return { kind: 'agent_output', name: def.name, check: def.check };
}

function checkDefinition(what: string, def: { name?: unknown; check?: unknown } | undefined): void {
  if (!def || typeof def.name !== 'string' || def.name === '' || typeof def.check !== 'function') {
    throw new UserError(`${what}({ name, check }) needs a non-empty name and a check(input) function.`);
  }
}

import type { Agent } from '../agent/agent';
import type { Item } from '../items/item';
import type { RunContext } from '../tool/tool';
import { UserError } from '../errors/user.error';
import type { GuardrailOutcome } from './guardrail';

/**
 * Checks a run's input before the first model call. `GuardrailOutcome.tripwire(message, info)`
 * fails the run with `GuardrailTripwireError` before any model call or tool runs; `allow(info)`
 * lets it through. (`reject` has no meaning here and is refused.)
 */
export interface InputGuardrail<TContext = any> {
  kind: 'agent_input';
  name: string;
  check(input: { agent: Agent<TContext>; input: string | Item[]; ctx: RunContext<TContext> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

/**
 * Checks a run's final output before the run completes. A tripwire fails the run with
 * `GuardrailTripwireError`; its `result` keeps the real items. Skipped when the final output is
 * the empty string.
 */
export interface OutputGuardrail<TContext = any> {
  kind: 'agent_output';
  name: string;
  check(input: { agent: Agent<TContext>; output: unknown; ctx: RunContext<TContext> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

/** What one agent-level guardrail decided, as `RunResult.inputGuardrailResults` / `outputGuardrailResults` list it. */
export interface GuardrailResult {
  guardrail: string;
  /** The agent whose input or output was checked. */
  agent: string;
  tripped: boolean;
  /** The tripwire's message. */
  message?: string;
  /** What the guardrail reported (`allow(info)`, `tripwire(message, info)`). */
  info?: unknown;
}

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

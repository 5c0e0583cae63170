import type { AgentRef as Agent } from './class-refs';
import type { Item } from './item';
import type { RunContext } from './tool';
import type { GuardrailOutcome } from './tool-guardrail';

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

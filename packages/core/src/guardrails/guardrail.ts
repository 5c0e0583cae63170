import type { GuardrailOutcome as Outcome, ToolInputGuardrail, ToolOutputGuardrail } from '../contracts/tool-guardrail';

export type { ToolInputGuardrail, ToolOutputGuardrail };
/** What a guardrail decided. Build with `GuardrailOutcome.allow()` / `.reject()` / `.tripwire()`. */
export type GuardrailOutcome = Outcome;

/** Builders for guardrail outcomes. */
export const GuardrailOutcome = {
  /** Let the call (or its output) through; `info` is recorded (agent-level guardrails' results). */
  allow(info?: unknown): GuardrailOutcome {
    return info === undefined ? { kind: 'allow' } : { kind: 'allow', info };
  },
  /** Refuse: the message becomes the call's output, and the run goes on. */
  reject(message: string): GuardrailOutcome {
    return { kind: 'reject', message };
  },
  /** Stop the run with `GuardrailTripwireError` (carrying `info`). */
  tripwire(message: string, info?: unknown): GuardrailOutcome {
    return info === undefined ? { kind: 'tripwire', message } : { kind: 'tripwire', message, info };
  },
};

/** Defines a tool input guardrail. */
export function defineToolInputGuardrail(def: Omit<ToolInputGuardrail, 'kind'>): ToolInputGuardrail {
  return { kind: 'input', name: def.name, check: def.check };
}

/** Defines a tool output guardrail. */
export function defineToolOutputGuardrail(def: Omit<ToolOutputGuardrail, 'kind'>): ToolOutputGuardrail {
  return { kind: 'output', name: def.name, check: def.check };
}

import type { Tool, ToolContext } from '../tool/tool';
import type { ToolResult } from '../result/tool-result';

/** What a guardrail decided. Build with `GuardrailOutcome.allow()` / `.reject()` / `.tripwire()`. */
export type GuardrailOutcome =
  | { kind: 'allow' }
  | { kind: 'reject'; message: string }
  | { kind: 'tripwire'; message: string };

/** Builders for guardrail outcomes. */
export const GuardrailOutcome = {
  /** Let the call (or its output) through. */
  allow(): GuardrailOutcome {
    return { kind: 'allow' };
  },
  /** Refuse: the message becomes the call's output, and the run goes on. */
  reject(message: string): GuardrailOutcome {
    return { kind: 'reject', message };
  },
  /** Stop the run with `GuardrailTripwireError`. */
  tripwire(message: string): GuardrailOutcome {
    return { kind: 'tripwire', message };
  },
};

/** Checks a call's validated arguments before the tool runs. */
export interface ToolInputGuardrail {
  kind: 'input';
  name: string;
  check(input: { tool: Tool; args: any; ctx: ToolContext<any> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

/** Checks a call's result after the tool ran. */
export interface ToolOutputGuardrail {
  kind: 'output';
  name: string;
  check(input: { tool: Tool; args: any; result: ToolResult; ctx: ToolContext<any> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

/** Defines a tool input guardrail. */
export function defineToolInputGuardrail(def: Omit<ToolInputGuardrail, 'kind'>): ToolInputGuardrail {
  return { kind: 'input', name: def.name, check: def.check };
}

/** Defines a tool output guardrail. */
export function defineToolOutputGuardrail(def: Omit<ToolOutputGuardrail, 'kind'>): ToolOutputGuardrail {
  return { kind: 'output', name: def.name, check: def.check };
}

import type { Tool, ToolContext } from '../tool/tool';
import type { ToolResult } from '../result/tool-result';

/** What a guardrail decided. Build with `GuardrailOutcome.allow()` / `.reject()` / `.tripwire()`. */
export type GuardrailOutcome =
  | { kind: 'allow'; info?: unknown }
  | { kind: 'reject'; message: string; info?: unknown }
  | { kind: 'tripwire'; message: string; info?: unknown };

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

import type { ToolContext } from './tool-context';
import type { ToolRef as Tool, ToolResultRef as ToolResult } from './class-refs';

/** What a guardrail decided. Build with `GuardrailOutcome.allow()` / `.reject()` / `.tripwire()`. */
export type GuardrailOutcome =
  | { kind: 'allow'; info?: unknown }
  | { kind: 'reject'; message: string; info?: unknown }
  | { kind: 'tripwire'; message: string; info?: unknown };

/** Checks a call's validated arguments before the tool runs. */
export interface ToolInputGuardrail<TArgs = any> {
  kind: 'input';
  name: string;
  check(input: { tool: Tool; args: TArgs; ctx: ToolContext<any> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

/** Checks a call's result after the tool ran. */
export interface ToolOutputGuardrail<TArgs = any> {
  kind: 'output';
  name: string;
  check(input: { tool: Tool; args: TArgs; result: ToolResult; ctx: ToolContext<any> }): GuardrailOutcome | Promise<GuardrailOutcome>;
}

import type { Tool } from '@toolwright/core';
import { validateEditedArguments } from '@toolwright/core/internal';

/** Edited arguments checked against the tool's schema: the value to approve with, or the violations. */
export type ArgumentsCheck = { ok: true; value: unknown } | { ok: false; violations: string[] };

/** Parses and validates edited arguments (JSON text) exactly as the runner validates a model's. */
export function checkEditedArguments(tool: Tool | undefined, toolName: string, json: string, callId: string): ArgumentsCheck {
  if (json.length > 512 * 1024) return { ok: false, violations: ['The arguments are over 512 KiB.'] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, violations: [`The arguments are not valid JSON: ${(error as Error).message}`] };
  }
  if (!tool) return { ok: false, violations: [`The console does not know the tool ${toolName}; give createConsole the agent that has it.`] };
  try {
    validateEditedArguments(tool, value, callId);
    return { ok: true, value };
  } catch (error) {
    const violations = (error as { violations?: Array<{ path?: string; message?: string }> }).violations;
    if (Array.isArray(violations) && violations.length > 0) return { ok: false, violations: violations.slice(0, 50).map((v) => `${v.path || '(root)'}: ${v.message ?? 'invalid'}`) };
    return { ok: false, violations: [(error as Error).message ?? String(error)] };
  }
}

import type { Usage } from '@toolwright/core';

/** A JSON object as it comes off (or goes onto) the wire, before its fields are checked. */
export type Json = Record<string, unknown>;

/** Empty or missing arguments (a call without parameters; `null` from some servers) become `"{}"`. */
export function normaliseArguments(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value : '{}';
}

/** A finite number from the wire, or 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Where an API puts the token counts of its `usage` object. */
export interface WireUsageFields {
  /** Input tokens (`input_tokens`, `prompt_tokens`). */
  input: string;
  /** Output tokens (`output_tokens`, `completion_tokens`). */
  output: string;
  /** The object holding `cached_tokens`. */
  inputDetails: string;
  /** The object holding `reasoning_tokens`. */
  outputDetails: string;
}

/**
 * A wire `usage` object to Toolwright usage for one request. Missing counts are 0; a missing
 * `total_tokens` is input plus output.
 */
export function usageFromWire(usage: Json | null | undefined, fields: WireUsageFields): Partial<Usage> | undefined {
  if (!usage) return undefined;
  const input = count(usage[fields.input]);
  const output = count(usage[fields.output]);
  return {
    requests: 1,
    inputTokens: input,
    outputTokens: output,
    totalTokens: usage.total_tokens === undefined ? input + output : count(usage.total_tokens),
    cachedInputTokens: count((usage[fields.inputDetails] as Json | null | undefined)?.cached_tokens),
    reasoningTokens: count((usage[fields.outputDetails] as Json | null | undefined)?.reasoning_tokens),
  };
}

import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import type { Usage } from '@toolwright/core';

/**
 * The specification's usage as Toolwright usage for one request: input and output totals,
 * cached input tokens read (`cacheRead`) and reasoning tokens. `undefined` when the provider
 * reported no token counts at all (the runner still counts the request).
 */
export function toUsage(usage: LanguageModelV3Usage | undefined): Partial<Usage> | undefined {
  if (!usage) return undefined;
  const input = count(usage.inputTokens?.total);
  const output = count(usage.outputTokens?.total);
  if (input === undefined && output === undefined) return undefined;
  return {
    requests: 1,
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    totalTokens: (input ?? 0) + (output ?? 0),
    cachedInputTokens: count(usage.inputTokens?.cacheRead) ?? 0,
    reasoningTokens: count(usage.outputTokens?.reasoning) ?? 0,
  };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

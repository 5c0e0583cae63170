import type { Usage } from '../contracts/usage';

export type { Usage };

/** A usage record with every counter at zero. */
export function emptyUsage(): Usage {
  return { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 };
}

/**
 * Adds `extra` into `target` in place and returns `target`. Missing counters count as zero; so
 * do counters that are not finite non-negative numbers (usage comes from providers and tools, and
 * a string or `NaN` must not turn the run's totals, and its saved state, into garbage). Fractions
 * are rounded.
 */
export function addUsage(target: Usage, extra: Partial<Usage> | undefined): Usage {
  if (!extra || typeof extra !== 'object') return target;
  const input = tokens(extra.inputTokens);
  const output = tokens(extra.outputTokens);
  target.requests += tokens(extra.requests);
  target.inputTokens += input;
  target.outputTokens += output;
  target.totalTokens += extra.totalTokens === undefined ? input + output : tokens(extra.totalTokens);
  target.cachedInputTokens += tokens(extra.cachedInputTokens);
  target.reasoningTokens += tokens(extra.reasoningTokens);
  return target;
}

function tokens(value: unknown): number {
  return typeof value === 'number' && value >= 0 && value !== Infinity ? Math.round(value) : 0;
}

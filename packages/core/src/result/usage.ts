/** Token usage, summed over a run. Mirrors the fields model providers report. */
export interface Usage {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
}

/** A usage record with every counter at zero. */
export function emptyUsage(): Usage {
  return { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 };
}

/** Adds `extra` into `target` in place and returns `target`. Missing counters count as zero. */
export function addUsage(target: Usage, extra: Partial<Usage> | undefined): Usage {
  if (!extra) return target;
  target.requests += extra.requests ?? 0;
  target.inputTokens += extra.inputTokens ?? 0;
  target.outputTokens += extra.outputTokens ?? 0;
  target.totalTokens += extra.totalTokens ?? (extra.inputTokens ?? 0) + (extra.outputTokens ?? 0);
  target.cachedInputTokens += extra.cachedInputTokens ?? 0;
  target.reasoningTokens += extra.reasoningTokens ?? 0;
  return target;
}

import type { Tool, Toolset } from '@toolwright/core';

/** Whether `value` is a `Tool` object (a function tool with `invoke`). @internal */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Tool>;
  return v.type === 'function' && typeof v.name === 'string' && typeof v.invoke === 'function';
}

/** Closes every toolset, even when one fails; rethrows the first failure. @internal */
export async function closeToolsets(toolsets: readonly Toolset[]): Promise<void> {
  const results = await Promise.allSettled(toolsets.map(async (toolset) => toolset.close?.()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

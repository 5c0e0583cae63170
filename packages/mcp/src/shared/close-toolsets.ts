import type { Toolset } from '@toolwright/core';

/** Closes every toolset, even when one fails; rethrows the first failure. @internal */
export async function closeToolsets(toolsets: readonly Toolset[]): Promise<void> {
  const results = await Promise.allSettled(toolsets.map(async (toolset) => toolset.close?.()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

import { MAX_TIME_LIMIT_MS } from '@toolwright/core/extend';

/**
 * A checked time limit (`Infinity` for none) as the MCP SDK's request `timeout`, which always
 * arms a timer: no limit becomes the longest delay a timer can wait, 2^31−1 ms (about 24.8 days),
 * since Node fires a longer one after 1 ms. @internal
 */
export function sdkTimeout(ms: number): number {
  return Math.min(ms, MAX_TIME_LIMIT_MS);
}

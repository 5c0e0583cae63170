import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProgressNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';

/**
 * Collects the progress notifications a client receives for one progress token. Pass
 * `_meta: { progressToken: token }` with the call. (The SDK's `onprogress` drops an update read
 * in the same chunk as the answer, which makes a test of the server flaky under load.)
 */
export function collectProgress(client: Client, token: string): Progress[] {
  const seen: Progress[] = [];
  client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
    const { progressToken, ...progress } = notification.params;
    if (progressToken === token) seen.push(progress);
  });
  return seen;
}

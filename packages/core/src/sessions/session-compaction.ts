import { UserError } from '../errors/user.error';
import type { Item } from '../contracts/item';
import { latestItems } from './session-history';
import type { ResolvedSessionOptions } from './session-limits';

/**
 * What a session over `maxItems` keeps: `compact(items)` when the session has one, then (or
 * else) the latest `maxItems`, without outputs whose calls fell off.
 */
export async function compactedItems(items: Item[], options: ResolvedSessionOptions, sessionId: string): Promise<Item[]> {
  if (items.length <= options.maxItems) return items;
  let kept = items;
  if (options.compact) {
    const result = await options.compact(items.slice());
    if (!Array.isArray(result)) {
      throw new UserError(`The compact function of session ${JSON.stringify(sessionId.slice(0, 64))} returned ${typeof result}; it must return the items to keep (an array).`);
    }
    kept = result;
  }
  return latestItems(kept, options.maxItems);
}

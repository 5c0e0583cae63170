import type { Item } from '../contracts/item';

/**
 * Where the part of `history` a provider would refuse begins: the first function call with no
 * output after it, moved back over the reasoning and assistant text of the same model response
 * just before it (a reasoning item must be sent with the call that follows it, so the response
 * is kept whole). `history.length` when every call is answered.
 */
export function unansweredFrom(history: readonly Item[], from = 0): number {
  const answered = new Set<string>();
  for (let i = from; i < history.length; i++) {
    const item = history[i]!;
    if (item.type === 'function_call_output') answered.add(item.callId);
  }
  for (let i = from; i < history.length; i++) {
    const item = history[i]!;
    if (item.type === 'function_call' && !answered.has(item.callId)) {
      let cut = i;
      while (cut > from && isSameTurnLead(history[cut - 1]!)) cut--;
      return cut;
    }
  }
  return history.length;
}

/**
 * `items` as a provider accepts them: calls without an output, outputs without a call (earlier)
 * and the reasoning items just before a dropped call are left out. What a session shows the model
 * goes through here, so that an item popped or trimmed by hand never breaks the next run.
 */
export function answeredItems(items: readonly Item[]): Item[] {
  const calls = new Set<string>();
  const outputs = new Set<string>();
  for (const item of items) {
    if (item.type === 'function_call') calls.add(item.callId);
    else if (item.type === 'function_call_output' && calls.has(item.callId)) outputs.add(item.callId);
  }
  const kept: Item[] = [];
  const seenCalls = new Set<string>();
  for (const item of items) {
    if (item.type === 'function_call') {
      if (!outputs.has(item.callId)) {
        while (kept.length > 0 && kept[kept.length - 1]!.type === 'reasoning') kept.pop();
        continue;
      }
      seenCalls.add(item.callId);
    } else if (item.type === 'function_call_output' && !seenCalls.has(item.callId)) {
      continue;
    }
    kept.push(item);
  }
  return kept;
}

/**
 * The latest `maxItems` of `items`, with the outputs at its head whose calls fell off left out
 * too (what a session keeps when it goes over `maxItems`).
 */
export function latestItems(items: readonly Item[], maxItems: number): Item[] {
  let start = Math.max(0, items.length - maxItems);
  while (start < items.length && items[start]!.type === 'function_call_output') start++;
  return items.slice(start);
}

/** How many items at the start of the latest `maxItems` are outputs whose calls fell off. */
export function orphanedHead(items: readonly Pick<Item, 'type'>[]): number {
  let n = 0;
  while (n < items.length && items[n]!.type === 'function_call_output') n++;
  return n;
}

/** Whether `item` can open the model response a call belongs to (its reasoning, its text). */
function isSameTurnLead(item: Item): boolean {
  return item.type === 'reasoning' || (item.type === 'message' && item.role === 'assistant');
}

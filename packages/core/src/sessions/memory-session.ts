import type { Item } from '../contracts/item';
import { randomId } from '../stores/store-signing';
import type { Session, SessionOptions } from './session';
import { decodeSessionItem, encodeSessionItem, type ItemCodecScope } from './session-item-codec';
import { compactedItems } from './session-compaction';
import { checkLimit, checkSessionId, resolveSessionOptions, SESSION_LIMITS, type ResolvedSessionOptions } from './session-limits';
import { checkItemList } from './session-input';

/**
 * A session kept in this process's memory: for tests, scripts and single-process apps. Items are
 * stored in their serialised form (checked and bounded like every session's), so changing an
 * item after `addItems` or after `getItems` never changes the session.
 *
 * @example
 * const session = new MemorySession('conversation-42', { maxItems: 200 });
 * await runner.run(agent, 'My name is Ada.', { session });
 * const result = await runner.run(agent, 'What is my name?', { session });   // the model sees both turns
 */
export class MemorySession implements Session {
  readonly id: string;
  private readonly options: ResolvedSessionOptions;
  private readonly scope: ItemCodecScope;
  private stored: string[] = [];
  /** Appends in flight are applied one after the other (a `compact` hook may be asynchronous). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(id?: string, options?: SessionOptions) {
    const sessionId = id ?? randomId();
    checkSessionId(sessionId, 'new MemorySession(id)');
    this.id = sessionId;
    this.options = resolveSessionOptions(options, 'new MemorySession(id, options)');
    this.scope = { sessionId, maxItemLength: this.options.maxItemLength };
  }

  getItems(limit?: number): Promise<Item[]> {
    return this.serial(() => {
      const n = checkLimit(limit);
      const slice = n === undefined ? this.stored : n === 0 ? [] : this.stored.slice(-n);
      return slice.map((text) => decodeSessionItem(text, this.scope));
    });
  }

  addItems(items: Item[]): Promise<void> {
    return this.serial(async () => {
      checkItemList(items, SESSION_LIMITS.maxItemsPerAdd);
      const encoded = items.map((item, i) => encodeSessionItem(item, i, this.scope));
      const all = [...this.stored, ...encoded];
      if (all.length <= this.options.maxItems) {
        this.stored = all;
        return;
      }
      const kept = await compactedItems(all.map((text) => decodeSessionItem(text, this.scope)), this.options, this.id);
      this.stored = kept.map((item, i) => encodeSessionItem(item, i, this.scope));
    });
  }

  popItem(): Promise<Item | undefined> {
    return this.serial(() => {
      const last = this.stored.pop();
      return last === undefined ? undefined : decodeSessionItem(last, this.scope);
    });
  }

  clear(): Promise<void> {
    return this.serial(() => {
      this.stored = [];
    });
  }

  private serial<T>(work: () => T | Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

import type { Item } from '../contracts/item';

/**
 * A conversation kept across runs: `runner.run(agent, input, { session })` shows the model the
 * session's items followed by the new input, and appends what the run added when it completes or
 * pauses (never a call without its output, so the session always holds a history a provider
 * accepts).
 *
 * Implementations: `MemorySession` (core), `PostgresSession` (`@toolwright/postgres`),
 * `RedisSession` (`@toolwright/redis`); `sessionContract` (`@toolwright/core/testing`) is the
 * suite a new one must pass.
 *
 * Concurrency: `addItems` is atomic — the items of one call are stored together, in order, and
 * never interleave with another call's, whichever replica makes it. Two runs on one session at the
 * same time each see the items stored when they started, and each run's items land as one group.
 */
export interface Session {
  /** The session's id (the conversation it names). */
  readonly id: string;
  /** The items, oldest first; with `limit`, only the latest `limit` of them (read no further). */
  getItems(limit?: number): Promise<Item[]>;
  /** Appends `items`, in order, as one group. */
  addItems(items: Item[]): Promise<void>;
  /** Removes the latest item and returns it (`undefined` when the session is empty). */
  popItem(): Promise<Item | undefined>;
  /** Removes every item. */
  clear(): Promise<void>;
}

/**
 * Turns a session's items into fewer ones, e.g. a summary of the old turns followed by the
 * latest ones. Called by a session when an append takes it over `maxItems`, with every item
 * (the new ones included); what it returns replaces them (trimmed to `maxItems` if still longer).
 */
export type CompactItems = (items: Item[]) => Item[] | Promise<Item[]>;

/** The options every session takes. */
export interface SessionOptions {
  /**
   * Most items kept (default 1000). When an append goes over, `compact` is called if given;
   * otherwise (or if it returns too many) the oldest items are dropped, along with any output
   * whose call was dropped.
   */
  maxItems?: number;
  /** Summarises or prunes the items when an append takes the session over `maxItems`. */
  compact?: CompactItems;
  /** Largest item kept, in characters of its JSON (default 4 MiB); a larger one is a `UserError`. */
  maxItemLength?: number;
}

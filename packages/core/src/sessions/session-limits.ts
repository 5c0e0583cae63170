import { UserError } from '../errors/user.error';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { checkStoreSecret } from '../stores/store-signing';
import type { CompactItems, SessionOptions } from './session';

/** The bounds of a session (see `SessionOptions`). */
export const SESSION_LIMITS = Object.freeze({
  /** Items kept when `maxItems` is not given. */
  defaultMaxItems: 1000,
  /** The largest `maxItems` accepted. */
  maxMaxItems: 1_000_000,
  /** Largest item, in characters of its JSON, when `maxItemLength` is not given (4 Mi, like tool arguments). */
  defaultMaxItemLength: TOOLWRIGHT_LIMITS.maxArgumentsLength,
  /** Deepest nesting of an item (objects and arrays count one level each). */
  maxItemDepth: TOOLWRIGHT_LIMITS.maxArgumentDepth,
  /** Most objects and arrays in one item. */
  maxItemValues: 100_000,
  /** Most items one `addItems` call takes. */
  maxItemsPerAdd: 10_000,
  /** Longest session id, in characters. */
  maxIdLength: 256,
});

/** Session options with their defaults. */
export interface ResolvedSessionOptions {
  maxItems: number;
  compact: CompactItems | undefined;
  maxItemLength: number;
}

/** Checks the options every session takes and fills in the defaults. */
export function resolveSessionOptions(options: SessionOptions | undefined, where: string): ResolvedSessionOptions {
  const o = options ?? {};
  if (typeof o !== 'object') throw new UserError(`${where}: the options must be an object such as { maxItems: 200 }.`);
  const maxItems = o.maxItems ?? SESSION_LIMITS.defaultMaxItems;
  if (typeof maxItems !== 'number' || !Number.isInteger(maxItems) || maxItems < 1 || maxItems > SESSION_LIMITS.maxMaxItems) {
    throw new UserError(`${where}: maxItems must be a whole number from 1 to ${SESSION_LIMITS.maxMaxItems}, got ${String(maxItems)}.`);
  }
  if (o.compact !== undefined && typeof o.compact !== 'function') {
    throw new UserError(`${where}: compact must be a function (items) => items (e.g. a summary of the old turns followed by the latest ones).`);
  }
  const maxItemLength = o.maxItemLength ?? SESSION_LIMITS.defaultMaxItemLength;
  if (typeof maxItemLength !== 'number' || !Number.isInteger(maxItemLength) || maxItemLength < 64) {
    throw new UserError(`${where}: maxItemLength must be a whole number of characters (64 or more), got ${String(maxItemLength)}.`);
  }
  return { maxItems, compact: o.compact, maxItemLength };
}

/** Checks a session id: a non-empty string of at most 256 characters. */
export function checkSessionId(id: unknown, where: string): asserts id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > SESSION_LIMITS.maxIdLength) {
    throw new UserError(`${where}: id must be a non-empty string of at most ${SESSION_LIMITS.maxIdLength} characters (e.g. the conversation's id), got ${typeof id === 'string' ? `${id.length} characters` : String(id)}.`);
  }
}

/** Checks `getItems(limit)`'s limit: undefined, or a whole number of 0 or more. */
export function checkLimit(limit: unknown): number | undefined {
  if (limit === undefined) return undefined;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
    throw new UserError(`session.getItems(limit): limit must be a whole number (0 or more), got ${String(limit)}.`);
  }
  return limit;
}

/** Checks a session's signing secret: a string of at least 16 characters, shared by every replica. */
export function checkSessionSecret(secret: unknown, where: string): asserts secret is string {
  checkStoreSecret(secret, where);
}

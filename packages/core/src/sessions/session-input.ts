import { UserError } from '../errors/user.error';
import type { Session } from './session';

/** Checks what `addItems` was given: an array of at most `max` items. */
export function checkItemList(items: unknown, max: number): asserts items is unknown[] {
  if (!Array.isArray(items)) throw new UserError('session.addItems(items): items must be an array of items, e.g. [{ type: "message", role: "user", content: "Hi" }].');
  if (items.length > max) throw new UserError(`session.addItems(items): ${items.length} items at once; at most ${max} are taken per call.`);
}

/** Throws unless `session` looks like a `Session`. @internal */
export function checkSession(session: unknown, where: string): asserts session is Session {
  const s = session as Partial<Session> | null;
  if (typeof s !== 'object' || s === null || typeof s.id !== 'string' || typeof s.getItems !== 'function' || typeof s.addItems !== 'function') {
    throw new UserError(`${where}: session must be a Session (new MemorySession(id), new PostgresSession({ ... }), new RedisSession({ ... })).`);
  }
}

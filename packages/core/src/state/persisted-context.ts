import { UserError } from '../errors/user.error';
import type { RunState } from './run-state';

/** Most characters of the JSON text of a kept context slice. */
const MAX_PERSISTED_CONTEXT_LENGTH = 64 * 1024;

/** What `persistContext` (Runner or run option) is: the part of the run context a paused state keeps. */
export type PersistContext<TContext = any> = (context: TContext) => unknown;

/**
 * Takes the slice of the run context that `persist` selects into the state, as JSON: it is
 * serialised and signed with the state, and `RunState.fromString(...)` restores it as the
 * state's `context`. Without `persist`, a resumed state keeps the slice it already had. @internal
 */
export function persistContextSlice(state: RunState<any>, persist: PersistContext | undefined): void {
  if (persist === undefined) return;
  if (typeof persist !== 'function') throw new UserError('persistContext must be a function (context) => JSON value, e.g. (ctx) => ({ userId: ctx.userId, tenant: ctx.tenant }).');
  const slice = persist(state.context);
  if (slice === undefined) {
    state.persistedContext = undefined;
    return;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(slice);
  } catch (error) {
    throw new UserError(`persistContext returned a value JSON cannot write (${(error as Error).message}). Return plain data: strings, numbers, booleans, null, arrays and plain objects.`);
  }
  if (text === undefined) throw new UserError('persistContext returned a value JSON cannot write (a function or a symbol). Return plain data.');
  if (text.length > MAX_PERSISTED_CONTEXT_LENGTH) {
    throw new UserError(`persistContext returned ${text.length} characters of JSON; a paused state keeps at most ${MAX_PERSISTED_CONTEXT_LENGTH}. Keep identifiers (user id, tenant), not whole records.`);
  }
  // Kept as JSON reads it back, so the running state and a restored one hold the same value.
  state.persistedContext = JSON.parse(text) as unknown;
}

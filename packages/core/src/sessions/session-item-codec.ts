import { RunStateError } from '../errors/run-state.error';
import { UserError } from '../errors/user.error';
import type { Item } from '../contracts/item';
import { boundedJsonProblem } from '../schema/schema-utils';
import { RUN_STATE_FORMAT, RUN_STATE_VERSION } from '../state/run-state-format';
import { migrateRunState } from '../state/run-state-migrations';
import { purposeOf, signForStore, verifyFromStore } from '../stores/store-signing';
import { SESSION_LIMITS } from './session-limits';

/** Where items are encoded or decoded: the session (signatures are bound to its id) and its secret. */
export interface ItemCodecScope {
  sessionId: string;
  /** Signs every item (stores shared between replicas); without it items are stored unsigned. */
  secret?: string | undefined;
  maxItemLength: number;
}

const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'developer']);

/**
 * Checks an item given to `addItems` and returns its stored text: the item in the versioned form
 * of a run state's history (`{"v":<run state version>,"item":...}`, so one format migration covers
 * both), signed for this session when it has a secret. Items that are not items, nest too deep,
 * hold too much or do not survive JSON are a `UserError` naming the item.
 */
export function encodeSessionItem(item: unknown, index: number, scope: ItemCodecScope): string {
  const where = `session.addItems(items): items[${index}]`;
  checkItemShape(item, where);
  const problem = boundedJsonProblem(item, SESSION_LIMITS.maxItemDepth, SESSION_LIMITS.maxItemValues);
  if (problem !== undefined) throw new UserError(`${where} ${problem}; a session keeps items of bounded size only.`);
  let json: string | undefined;
  try {
    json = JSON.stringify(item);
  } catch (error) {
    throw new UserError(`${where} is not JSON data (${(error as Error).message}); items hold text, numbers, booleans, arrays and plain objects only.`);
  }
  if (json === undefined) throw new UserError(`${where} is not JSON data.`);
  if (json.length > scope.maxItemLength) {
    throw new UserError(`${where} is ${json.length} characters of JSON; the session keeps items of at most ${scope.maxItemLength} (maxItemLength). Shorten the tool output or raise maxItemLength.`);
  }
  const text = `{"v":${RUN_STATE_VERSION},"item":${json}}`;
  return scope.secret === undefined ? text : signForStore(scope.secret, purposeOf('session-item', scope.sessionId), text);
}

/**
 * Reads an item's stored text back: checks its signature (when the session has a secret),
 * migrates it from the run state version it was written with, and checks its shape. Anything
 * else is a `RunStateError`: the store was changed, or written with another secret.
 */
export function decodeSessionItem(stored: string, scope: ItemCodecScope): Item {
  if (typeof stored !== 'string' || stored.length > scope.maxItemLength + 1024) {
    throw new RunStateError(`An item of session ${JSON.stringify(scope.sessionId.slice(0, 64))} is not stored text of a bounded size; the store was changed.`);
  }
  const text = scope.secret === undefined ? stored : verifyFromStore(scope.secret, purposeOf('session-item', scope.sessionId), stored, `item of session ${JSON.stringify(scope.sessionId.slice(0, 64))}`);
  let value: { v?: unknown; item?: unknown; p?: unknown };
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    throw new RunStateError(`An item of session ${JSON.stringify(scope.sessionId.slice(0, 64))} is not JSON; the store was changed.`);
  }
  if (scope.secret === undefined && typeof value?.p === 'string') {
    throw new RunStateError(`The items of session ${JSON.stringify(scope.sessionId.slice(0, 64))} are signed: pass the secret they were written with ({ secret }).`);
  }
  if (typeof value !== 'object' || value === null || !('item' in value)) {
    throw new RunStateError(`An item of session ${JSON.stringify(scope.sessionId.slice(0, 64))} is not a stored session item; the store was changed.`);
  }
  // The item is migrated as the history of a state of its version would be.
  const migrated = migrateRunState({ format: RUN_STATE_FORMAT, version: value.v, history: [value.item] });
  const item = (migrated.history as unknown[])[0];
  checkItemShape(item, `A stored item of session ${JSON.stringify(scope.sessionId.slice(0, 64))}`, RunStateError);
  return item as Item;
}

/** Checks the fields of the item kinds a provider reads; other kinds need a string `type`. */
function checkItemShape(item: unknown, where: string, ErrorClass: typeof UserError | typeof RunStateError = UserError): asserts item is Item {
  const fail = (what: string): never => {
    throw new ErrorClass(`${where} ${what}.`);
  };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) fail('is not an item (an object such as { type: "message", role: "user", content: "Hi" })');
  const it = item as Record<string, unknown>;
  if (typeof it.type !== 'string' || it.type.length === 0 || it.type.length > 64) fail('has no "type"');
  switch (it.type) {
    case 'message':
      if (typeof it.role !== 'string' || !ROLES.has(it.role)) fail('is a message without a role of user, assistant, system or developer');
      if (typeof it.content !== 'string' && !Array.isArray(it.content)) fail('is a message whose content is neither text nor a list of content parts');
      break;
    case 'function_call':
      if (typeof it.callId !== 'string' || typeof it.name !== 'string' || typeof it.arguments !== 'string') fail('is a function_call without callId, name and arguments (text)');
      break;
    case 'function_call_output':
      if (typeof it.callId !== 'string' || (typeof it.output !== 'string' && !Array.isArray(it.output))) fail('is a function_call_output without callId and output (text or content parts)');
      break;
    default:
      break;
  }
}

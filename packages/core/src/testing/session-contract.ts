import { describeSessionTests, type SessionFactory } from './session-tests';
import { testGlobals, type TestFunctions } from './test-globals';

export type { SessionFactory };

/** Options of {@link sessionContract}. */
export interface SessionContractOptions {
  /** Sessions made by the factory with one id share their items (a session on a server): adds the tests between session objects. */
  shared: boolean;
  /** The sessions honour `ttlMs` (expiry after the last write), down to 300 ms: adds the expiry test. */
  ttl?: boolean;
}

/**
 * Registers the tests every `Session` passes: order, `getItems(limit)`, `popItem`, `clear`,
 * `maxItems` and `compact`, bounded and hostile items, expiry (with `ttl`), concurrent appends
 * from many session objects (with `shared`), and runs through the `Runner` on a session — a
 * pause, an approval and a resume (from a run store too) keeping a history a provider accepts.
 * The tests register with `functions` when given (`node:test`'s `{ describe, it }`), otherwise
 * with the test framework's globals; they assert with `node:assert`. Call it at the top level of
 * a test file, or inside a `describe` whose `beforeAll` starts the backend.
 *
 * @example
 * // under jest (or vitest with globals: true)
 * import { sessionContract } from '@toolwright/core/testing';
 *
 * describe('SqliteSession', () => {
 *   sessionContract(() => ({ make: (id, options) => new SqliteSession({ file: ':memory:', id, ...options }) }), { shared: false });
 * });
 *
 * @example
 * // under node:test
 * import { describe, it } from 'node:test';
 * sessionContract(() => ({ make: (id, options) => new SqliteSession({ file, id, ...options }) }), { shared: true }, { describe, it });
 */
export function sessionContract(factory: () => SessionFactory, options: SessionContractOptions, functions?: TestFunctions): void {
  const globals = testGlobals('sessionContract', functions);
  globals.describe('meets the Session contract', () => describeSessionTests(globals, factory, { shared: options.shared, ttl: options.ttl === true }));
}

import type { RunStore } from '../stores/run-store';
import { describeResumeTests } from './resume-tests';
import { describeStoreTests, type StoreFactory, type StoreFactoryOptions } from './store-tests';
import { describeRecordTests } from './record-tests';
import { hasRunRecords, type RunRecords } from '../run-records/run-records';
import { testGlobals, type TestFunctions } from './test-globals';

export type { StoreFactory, StoreFactoryOptions };

/** Options of {@link runStoreContract}. */
export interface RunStoreContractOptions {
  /**
   * Store objects made by the factory share their runs (a store on a server): adds the tests
   * between store objects (one claim wins across them; another secret cannot load a run).
   */
  shared: boolean;
  /** Whether the store keeps runs with their timeline (`RunRecords`; default true): false skips those tests. */
  records?: boolean;
}

/**
 * A secret for the stores the suite makes (at least 32 characters, as every store requires),
 * unless a test asks for another one through `make({ secret })`.
 */
export const CONTRACT_SECRET = 'contract-secret-0123456789abcdef';

/**
 * Registers the tests every `RunStore` passes: save and load, expiry, one winner per claim,
 * leases, saving under a claim, decisions by id, the call ledger, `list`, and resuming through the
 * `Runner` (`run(..., { store })`, `resume`, unfinished-call policies). The tests register with
 * `functions` when given (`node:test`'s `{ describe, it }`), otherwise with the test framework's
 * globals (jest, or vitest with `globals: true`); they assert with `node:assert`, so the suite
 * needs no runner's `expect`. Call it at the top level of a test file, or inside a `describe`
 * whose `beforeAll` (`before` under node:test) starts the store's server; `factory` is read when
 * each test runs. The stores must keep runs for at least a second and honour `ttlMs` and
 * `leaseMs` down to 150 ms.
 *
 * @example
 * // under jest (or vitest with globals: true)
 * import { runStoreContract, CONTRACT_SECRET } from '@toolwright/core/testing';
 *
 * describe('SqliteRunStore', () => {
 *   runStoreContract(() => ({ make: (o = {}) => new SqliteRunStore({ ...o, file: ':memory:', secret: o.secret ?? CONTRACT_SECRET }) }), { shared: false });
 * });
 *
 * @example
 * // under node:test (node --test)
 * import { describe, it } from 'node:test';
 * import { runStoreContract, CONTRACT_SECRET } from '@toolwright/core/testing';
 *
 * describe('SqliteRunStore', () => {
 *   runStoreContract(() => ({ make: (o = {}) => new SqliteRunStore({ ...o, file: ':memory:', secret: o.secret ?? CONTRACT_SECRET }) }), { shared: false }, { describe, it });
 * });
 */
export function runStoreContract(factory: () => StoreFactory, options: RunStoreContractOptions, functions?: TestFunctions): void {
  const globals = testGlobals('runStoreContract', functions);
  const makeStore = (): RunStore => factory().make();
  globals.describe('meets the RunStore contract', () => describeStoreTests(globals, factory, options));
  globals.describe('resumes through the runner', () => describeResumeTests(globals, makeStore));
  // Stores that keep runs with their timeline (RunRecords) also pass these.
  if (options.records !== false) globals.describe('keeps runs with their timeline', () =>
    describeRecordTests(globals, (options) => {
      const store = factory().make(options);
      if (!hasRunRecords(store)) throw new Error('This store does not implement RunRecords (recordRun, appendEvents, listRuns, getRunView); pass { records: false } to runStoreContract to skip these tests.');
      return store as RunStore & RunRecords;
    }),
  );
}

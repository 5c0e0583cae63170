// @toolwright/core/testing: contract suites a third-party implementation runs under its own
// tests to prove it behaves as Toolwright expects.

// The RunStore contract
export { runStoreContract, CONTRACT_SECRET } from './testing/run-store-contract';
export type { RunStoreContractOptions, StoreFactory, StoreFactoryOptions } from './testing/run-store-contract';

// The Session contract
export { sessionContract } from './testing/session-contract';
export type { SessionContractOptions, SessionFactory } from './testing/session-contract';
export { historyProblems } from './testing/session-fixtures';

// For authors of other contract suites (@toolwright/sandbox/testing): the test functions and the
// node:assert-based expect the suites use
export { testGlobals } from './testing/test-globals';
export type { TestGlobals, TestFunctions } from './testing/test-globals';
export type { Expect, Matchers } from './testing/contract-expect';

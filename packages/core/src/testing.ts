// @toolwright/core/testing: contract suites a third-party implementation runs under its own
// tests to prove it behaves as Toolwright expects.

// The RunStore contract
export { runStoreContract, CONTRACT_SECRET } from './testing/run-store-contract';
export type { RunStoreContractOptions, StoreFactory } from './testing/run-store-contract';

// For authors of other contract suites (@toolwright/sandbox/testing): the test functions and the
// node:assert-based expect the suites use
export { testGlobals } from './testing/test-globals';
export type { TestGlobals, TestFunctions } from './testing/test-globals';
export type { Expect, Matchers } from './testing/contract-expect';

// @toolwright/sandbox/testing: the contract suite a Sandbox implementation runs under its own
// tests to prove it behaves as the toolkits expect.
export { sandboxContract } from './testing/sandbox-contract';
export type { SandboxContractTarget } from './testing/sandbox-contract';

import { UserError } from '../errors/user.error';
import { contractExpect, type Expect } from './contract-expect';

/**
 * The test functions a contract suite registers its tests with: jest's or vitest's globals, or
 * `node:test`'s `describe` and `it` (`import { describe, it } from 'node:test'`). The suites call
 * `it(name, body, timeoutMs)`: jest and vitest take the third argument as the test's timeout,
 * `node:test` ignores it (bound a run with `node --test --test-timeout=<ms>`).
 */
export interface TestFunctions {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void> | void, timeoutMs?: number): unknown;
}

/** What a contract suite registers and asserts with: the test functions, and an `expect` built on `node:assert/strict`. */
export interface TestGlobals {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void> | void, timeoutMs?: number): void;
  expect: Expect;
}

/**
 * The test functions a suite registers with — `functions` when given (e.g. `node:test`'s),
 * otherwise the runner's globals (jest's, or vitest's with `globals: true`) — and the `expect` the
 * suites assert with, which fails with `node:assert`'s AssertionError and needs no runner.
 *
 * @throws UserError naming `suite` when `functions` lacks `describe` or `it`, or when none are
 *   given and the globals are missing (the suite was called outside a test file).
 */
export function testGlobals(suite: string, functions?: TestFunctions): TestGlobals {
  const source = (functions ?? globalThis) as Partial<Record<'describe' | 'it', unknown>>;
  const missing = (['describe', 'it'] as const).filter((name) => typeof source[name] !== 'function');
  if (missing.length > 0 && functions !== undefined) {
    throw new UserError(
      `${suite}() was given test functions without ${missing.join(' and ')}: pass the runner's own, `
      + "e.g. `import { describe, it } from 'node:test'` and then `{ describe, it }`.",
    );
  }
  if (missing.length > 0) {
    throw new UserError(
      `${suite}() registers tests with the test framework's globals, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not defined: `
      + 'call it at the top level (or inside a describe) of a test file run by jest, or by vitest with `globals: true`; '
      + "under node:test pass the test functions: `import { describe, it } from 'node:test'` and then `{ describe, it }` as the suite's last argument.",
    );
  }
  const { describe, it } = source as TestFunctions;
  return {
    describe: (name, body) => void describe(name, body),
    it: (name, body, timeoutMs) => void (timeoutMs === undefined ? it(name, body) : it(name, body, timeoutMs)),
    expect: contractExpect,
  };
}

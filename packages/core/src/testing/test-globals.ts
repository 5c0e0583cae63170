import { UserError } from '../errors/user.error';

/** What a contract suite asserts with: the subset of jest's `expect` matchers it uses. */
export interface Matchers<TResult> {
  toBe(expected: unknown): TResult;
  toEqual(expected: unknown): TResult;
  toMatchObject(expected: object): TResult;
  toContain(expected: unknown): TResult;
  toHaveLength(expected: number): TResult;
  toHaveProperty(path: string): TResult;
  toBeInstanceOf(expected: Function): TResult;
  toBeUndefined(): TResult;
  toBeNull(): TResult;
  toMatch(expected: string | RegExp): TResult;
  toBeGreaterThan(expected: number): TResult;
  toBeGreaterThanOrEqual(expected: number): TResult;
  toBeLessThan(expected: number): TResult;
  toThrow(expected?: string | RegExp | Function): TResult;
}

/** jest's `expect`, as far as the suites use it. */
export interface Expect {
  (actual: unknown): Matchers<void> & { not: Matchers<void>; rejects: Matchers<Promise<void>>; resolves: Matchers<Promise<void>> };
  objectContaining(expected: object): unknown;
}

/** The test framework's globals a contract suite registers its tests with. */
export interface TestGlobals {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void> | void, timeoutMs?: number): void;
  expect: Expect;
}

/**
 * The test framework's globals (`describe`, `it`, `expect`): jest's, or those of a runner with
 * the same API (vitest with `globals: true`).
 *
 * @throws UserError naming `suite` when they are missing: the suite was called outside a test file.
 */
export function testGlobals(suite: string): TestGlobals {
  const globals = globalThis as Partial<Record<'describe' | 'it' | 'expect', unknown>>;
  const missing = (['describe', 'it', 'expect'] as const).filter((name) => typeof globals[name] !== 'function');
  if (missing.length > 0) {
    throw new UserError(
      `${suite}() registers tests with the test framework's globals, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not defined: `
      + 'call it at the top level (or inside a describe) of a test file run by jest, or by vitest with `globals: true`.',
    );
  }
  return globals as unknown as TestGlobals;
}

/**
 * The `expect` the contract suites assert with, built on `node:assert/strict` so a suite runs
 * under jest, vitest or `node:test` alike without the runner's own `expect`. It has the matchers
 * the suites use, with jest's meaning: `toEqual` compares recursively, ignoring properties whose
 * value is `undefined`; `toMatchObject` checks the expected properties only; `toBe` is `Object.is`.
 */
import { AssertionError } from 'node:assert/strict';
import { inspect } from 'node:util';

/** What a contract suite asserts with: the subset of jest's `expect` matchers it uses, with jest's meaning. */
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

/** The suites' `expect`: jest's API as far as they use it, built on `node:assert/strict` (no runner needed). */
export interface Expect {
  (actual: unknown): Matchers<void> & { not: Matchers<void>; rejects: Matchers<Promise<void>>; resolves: Matchers<Promise<void>> };
  objectContaining(expected: object): unknown;
}

/** `expect.objectContaining(...)`: matches an object holding at least these properties. */
class ObjectContaining {
  constructor(readonly expected: object) {}
}

type Check = { pass: boolean; message: string };
type MatcherName = keyof Matchers<void>;

const show = (value: unknown): string => inspect(value, { depth: 6, breakLength: Infinity, maxStringLength: 200, maxArrayLength: 20 });

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null;
}

/** jest's recursive equality; `partial` checks only the expected object's properties (toMatchObject). */
function equals(actual: unknown, expected: unknown, partial: boolean): boolean {
  if (expected instanceof ObjectContaining) return equals(actual, expected.expected, true);
  if (Object.is(actual, expected)) return true;
  if (!isObject(actual) || !isObject(expected)) return false;
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  if (expected instanceof RegExp) return actual instanceof RegExp && String(actual) === String(expected);
  if (Array.isArray(expected) || ArrayBuffer.isView(expected)) {
    const a = actual as unknown as ArrayLike<unknown>;
    const e = expected as unknown as ArrayLike<unknown>;
    if (Array.isArray(expected) !== Array.isArray(actual) || a.length !== e.length) return false;
    return Array.from(e).every((item, index) => equals(a[index], item, partial));
  }
  if (Array.isArray(actual)) return false;
  const defined = (object: object): string[] => Object.keys(object).filter((key) => (object as Record<string, unknown>)[key] !== undefined);
  const expectedKeys = defined(expected);
  if (!partial && defined(actual).length !== expectedKeys.length) return false;
  return expectedKeys.every((key) => (partial || Object.hasOwn(actual, key)) && key in actual && equals(actual[key], expected[key], partial));
}

/** What `toThrow(expected)` accepts: a class the error is an instance of, a message part or pattern. */
function thrownMatches(error: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (typeof expected === 'function') return error instanceof expected;
  const message = error instanceof Error ? error.message : String(error);
  return expected instanceof RegExp ? expected.test(message) : message.includes(String(expected));
}

/** Each matcher as a check of the actual value (the error, under `rejects` and `toThrow`). */
function check(name: MatcherName, actual: unknown, expected: unknown): Check {
  const described = (what: string, pass: boolean): Check => ({ pass, message: `expected ${show(actual)} ${what}` });
  switch (name) {
    case 'toBe': return described(`to be ${show(expected)} (Object.is)`, Object.is(actual, expected));
    case 'toEqual': return described(`to equal ${show(expected)}`, equals(actual, expected, false));
    case 'toMatchObject': return described(`to match the object ${show(expected)}`, isObject(actual) && equals(actual, expected, true));
    case 'toContain': {
      const found = typeof actual === 'string' ? actual.includes(String(expected)) : Array.isArray(actual) && actual.includes(expected);
      return described(`to contain ${show(expected)}`, found);
    }
    case 'toHaveLength': return described(`to have length ${String(expected)}`, isObject(actual) || typeof actual === 'string' ? (actual as { length?: unknown }).length === expected : false);
    case 'toHaveProperty': {
      let value: unknown = actual;
      const present = String(expected).split('.').every((key) => {
        if (value === null || value === undefined || !(key in Object(value))) return false;
        value = (value as Record<string, unknown>)[key];
        return true;
      });
      return described(`to have the property ${show(expected)}`, present);
    }
    case 'toBeInstanceOf': return described(`to be an instance of ${(expected as { name?: string }).name ?? show(expected)}`, actual instanceof (expected as new () => unknown));
    case 'toBeUndefined': return described('to be undefined', actual === undefined);
    case 'toBeNull': return described('to be null', actual === null);
    case 'toMatch': return described(`to match ${show(expected)}`, typeof actual === 'string' && (expected instanceof RegExp ? expected.test(actual) : actual.includes(String(expected))));
    case 'toBeGreaterThan': return described(`to be greater than ${show(expected)}`, (actual as number) > (expected as number));
    case 'toBeGreaterThanOrEqual': return described(`to be at least ${show(expected)}`, (actual as number) >= (expected as number));
    case 'toBeLessThan': return described(`to be less than ${show(expected)}`, (actual as number) < (expected as number));
    case 'toThrow': {
      if (typeof actual !== 'function') return { pass: false, message: `expected a function that throws, got ${show(actual)}` };
      try {
        (actual as () => unknown)();
      } catch (error) {
        return { pass: thrownMatches(error, expected), message: `expected the error ${show(error)} to match ${show(expected)}` };
      }
      return { pass: false, message: `expected the function to throw${expected === undefined ? '' : ` ${show(expected)}`}, but it returned` };
    }
  }
}

const MATCHERS: readonly MatcherName[] = [
  'toBe', 'toEqual', 'toMatchObject', 'toContain', 'toHaveLength', 'toHaveProperty', 'toBeInstanceOf', 'toBeUndefined',
  'toBeNull', 'toMatch', 'toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeLessThan', 'toThrow',
];

function fail(message: string, actual: unknown, expected: unknown, operator: string, stackStart: Function): never {
  throw new AssertionError({ message, actual, expected, operator, stackStartFn: stackStart });
}

/** The matchers applied to `actual`; `negate` inverts them (`not`). */
function matchers(actual: unknown, negate: boolean): Matchers<void> {
  const result = {} as Record<MatcherName, (expected?: unknown) => void>;
  for (const name of MATCHERS) {
    result[name] = function matcher(expected?: unknown): void {
      const outcome = check(name, actual, expected);
      if (outcome.pass === negate) fail(negate ? outcome.message.replace(/^expected (.*?) to /s, 'expected $1 not to ') : outcome.message, actual, expected, negate ? `not.${name}` : name, matcher);
    };
  }
  return result as Matchers<void>;
}

/**
 * The matchers applied to what `promise` settles with: its error (`rejects`; the promise must
 * reject, and `toThrow(expected)` checks the error) or its value (`resolves`).
 */
function settled(promise: unknown, rejects: boolean): Matchers<Promise<void>> {
  const result = {} as Record<MatcherName, (expected?: unknown) => Promise<void>>;
  for (const name of MATCHERS) {
    result[name] = async function matcher(expected?: unknown): Promise<void> {
      let value: unknown;
      let rejected = false;
      try {
        value = await promise;
      } catch (error) {
        value = error;
        rejected = true;
      }
      if (rejected !== rejects) {
        fail(rejects ? `expected the promise to reject, but it resolved with ${show(value)}` : `expected the promise to resolve, but it rejected with ${show(value)}`, value, expected, `${rejects ? 'rejects' : 'resolves'}.${name}`, matcher);
      }
      if (rejects && name === 'toThrow') {
        if (!thrownMatches(value, expected)) fail(`expected the rejection ${show(value)} to match ${show(expected)}`, value, expected, 'rejects.toThrow', matcher);
        return;
      }
      matchers(value, false)[name](expected as never);
    };
  }
  return result as Matchers<Promise<void>>;
}

/** jest's `expect`, as far as the contract suites use it, failing with `node:assert`'s AssertionError. */
export const contractExpect: Expect = Object.assign(
  (actual: unknown) => Object.assign(matchers(actual, false), {
    not: matchers(actual, true),
    rejects: settled(actual, true),
    resolves: settled(actual, false),
  }),
  { objectContaining: (expected: object): unknown => new ObjectContaining(expected) },
);

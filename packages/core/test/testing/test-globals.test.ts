import { AssertionError } from 'node:assert/strict';
import { MemoryRunStore, UserError } from '@toolwright/core';
import { runStoreContract, testGlobals, type TestFunctions } from '@toolwright/core/testing';

/** Test functions that record what a suite registers instead of running it. */
function recorder(): TestFunctions & { names: string[] } {
  const names: string[] = [];
  const prefix: string[] = [];
  return {
    names,
    describe(name, body) {
      prefix.push(name);
      body();
      prefix.pop();
    },
    it(name) {
      names.push([...prefix, name].join(' > '));
    },
  };
}

describe('testGlobals', () => {
  describe('when given test functions (node:test style)', () => {
    it('registers the RunStore contract with them, not with the globals', () => {
      const functions = recorder();
      runStoreContract(() => ({ make: () => new MemoryRunStore() }), { shared: false }, functions);
      expect(functions.names.length).toBeGreaterThanOrEqual(29);
      expect(functions.names).toContain('meets the RunStore contract > claim > has exactly one winner among concurrent callers; the others learn when the winner claimed');
      expect(functions.names.some((name) => name.startsWith('resumes through the runner > '))).toBe(true);
    });

    it('refuses functions without describe or it, naming what is missing', () => {
      expect(() => testGlobals('mySuite', { describe: () => undefined } as unknown as TestFunctions)).toThrow(UserError);
      expect(() => testGlobals('mySuite', { describe: () => undefined } as unknown as TestFunctions)).toThrow(/mySuite\(\) was given test functions without it.*node:test/);
      expect(() => testGlobals('mySuite', {} as unknown as TestFunctions)).toThrow(/without describe and it/);
    });
  });
});

describe('the contract suites\' expect', () => {
  const { expect: check } = testGlobals('expectTest');
  const fails = (assertion: () => unknown, message?: RegExp): void => {
    let thrown: unknown;
    try {
      assertion();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AssertionError);
    if (message) expect((thrown as Error).message).toMatch(message);
  };

  it('toBe is Object.is; toEqual is recursive and ignores undefined properties; toMatchObject checks the expected keys', () => {
    check(Number.NaN).toBe(Number.NaN);
    fails(() => check({}).toBe({}), /to be \{\} \(Object\.is\)/);
    check({ a: [1, { b: 2, c: undefined }] }).toEqual({ a: [1, { b: 2 }] });
    fails(() => check({ a: [1, { b: 2 }] }).toEqual({ a: [1, { b: 3 }] }));
    fails(() => check({ a: 1, extra: 2 }).toEqual({ a: 1 }));
    fails(() => check([1, 2]).toEqual([1, 2, 3]));
    fails(() => check({ 0: 1, length: 1 }).toEqual([1]));
    check(Buffer.from('ab')).toEqual(Buffer.from('ab'));
    fails(() => check(Buffer.from('ab')).toEqual(Buffer.from('ac')));
    check({ a: 1, b: { c: 2, d: 3 } }).toMatchObject({ b: { c: 2 } });
    fails(() => check({ a: 1 }).toMatchObject({ a: 1, b: 2 }));
    fails(() => check('text').toMatchObject({}));
    check([{ name: 'x', size: 1 }]).toEqual([check.objectContaining({ name: 'x' })]);
    fails(() => check([{ name: 'y' }]).toEqual([check.objectContaining({ name: 'x' })]));
  });

  it('has the other matchers, and not inverts each', () => {
    check('hello').toContain('ell');
    check(['a', 'b']).toContain('b');
    fails(() => check(['a']).toContain('b'));
    check(['a']).not.toContain('b');
    fails(() => check(['a']).not.toContain('a'), /expected \[ 'a' \] not to contain 'a'/);
    check([1, 2]).toHaveLength(2);
    fails(() => check([1]).toHaveLength(2));
    check({ a: { b: 1 } }).toHaveProperty('a.b');
    check({ a: 1 }).not.toHaveProperty('history');
    fails(() => check({ history: [] }).not.toHaveProperty('history'));
    check(new UserError('x')).toBeInstanceOf(Error);
    fails(() => check(new Error('x')).toBeInstanceOf(UserError), /instance of UserError/);
    check(undefined).toBeUndefined();
    fails(() => check(null).toBeUndefined());
    check(null).toBeNull();
    check('abc').toMatch(/b/);
    fails(() => check(3).toMatch(/3/));
    check(2).toBeGreaterThan(1);
    fails(() => check(1).toBeGreaterThan(1));
    check(1).toBeGreaterThanOrEqual(1);
    check(1).toBeLessThan(2);
    fails(() => check(2).toBeLessThan(2));
    check(() => { throw new UserError('bad input'); }).toThrow(UserError);
    check(() => { throw new UserError('bad input'); }).toThrow('bad');
    fails(() => check(() => undefined).toThrow());
    fails(() => check(() => { throw new Error('other'); }).toThrow(/bad/));
  });

  it('rejects and resolves wait for the promise and check its error or value', async () => {
    await check(Promise.reject(new UserError('no'))).rejects.toBeInstanceOf(UserError);
    await check(Promise.reject(new UserError('no'))).rejects.toThrow(UserError);
    await check(Promise.reject(new UserError('no way'))).rejects.toThrow(/no way/);
    await check(Promise.resolve(3)).resolves.toBe(3);
    await expect(check(Promise.resolve('fine')).rejects.toThrow()).rejects.toThrow(/expected the promise to reject, but it resolved with 'fine'/);
    await expect(check(Promise.reject(new Error('x'))).rejects.toBeInstanceOf(UserError)).rejects.toBeInstanceOf(AssertionError);
    await expect(check(Promise.reject(new Error('x'))).rejects.toThrow(UserError)).rejects.toBeInstanceOf(AssertionError);
    await expect(check(Promise.reject(new Error('x'))).resolves.toBe(1)).rejects.toThrow(/expected the promise to resolve/);
  });

  it('describes the largest and deepest values without hanging (the message is cut short)', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i += 1) deep = { deep };
    const huge = 'x'.repeat(5_000_000);
    let thrown: Error | undefined;
    try {
      check(huge).toBe('y');
    } catch (error) {
      thrown = error as Error;
    }
    expect(thrown!.message.length).toBeLessThan(2_000);
    fails(() => check({ deep }).toBe(deep));
  });
});

import { parsePartialJson } from '../../src/output/partial-json';

describe('parsePartialJson (output_delta)', () => {
  it('closes open strings, arrays and objects and leaves out what is cut short', () => {
    expect(parsePartialJson('')).toBeUndefined();
    expect(parsePartialJson('{')).toEqual({});
    expect(parsePartialJson('{"city":"Os')).toEqual({ city: 'Os' });
    expect(parsePartialJson('{"city":"Oslo","nig')).toEqual({ city: 'Oslo' });
    expect(parsePartialJson('{"city":"Oslo","nights":')).toEqual({ city: 'Oslo' });
    expect(parsePartialJson('{"nights":1')).toEqual({});
    expect(parsePartialJson('{"nights":12,"days":[{"a":[1,2')).toEqual({ nights: 12, days: [{ a: [1] }] });
    expect(parsePartialJson('{"ok":tr')).toEqual({});
    expect(parsePartialJson('{"ok":true}')).toEqual({ ok: true });
    expect(parsePartialJson('{"q":"say \\"hi\\" \\u00e9')).toEqual({ q: 'say "hi" é' });
    expect(parsePartialJson('{"q":"cut \\u00')).toEqual({ q: 'cut ' });
  });

  it('answers undefined for text that is not JSON', () => {
    expect(parsePartialJson('Sure! {"a":1}')).toBeUndefined();
    expect(parsePartialJson('{"a" 1}')).toBeUndefined();
  });

  it('is bounded: deep nesting gives up, __proto__ and constructor keys are dropped, nothing is polluted', () => {
    expect(parsePartialJson('['.repeat(100_000))).toBeUndefined();
    const value = parsePartialJson('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"a":1}') as Record<string, unknown>;
    expect(value).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

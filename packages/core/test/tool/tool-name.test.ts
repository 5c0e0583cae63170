import { isValidToolName, TOOL_NAME_PATTERN, toSnakeCase } from '@toolwright/core';
import { splitCamelCase } from '@toolwright/core/internal';

describe('isValidToolName', () => {
  it('agrees with TOOL_NAME_PATTERN on edge cases and on every character of the Basic Multilingual Plane', () => {
    const cases = ['', 'a', 'get_weather', 'get-weather', 'A9_-', 'x'.repeat(64), 'x'.repeat(65), 'a b', 'a.b', 'é', 'a\n', '\u0130', 'ab\u0000'];
    for (let c = 0; c < 0x10000; c++) cases.push(`a${String.fromCharCode(c)}`);
    const disagreeing = cases.filter((name) => isValidToolName(name) !== TOOL_NAME_PATTERN.test(name));
    expect(disagreeing).toEqual([]);
    expect(isValidToolName(42)).toBe(false);
  });
});

describe('splitCamelCase and toSnakeCase', () => {
  const BOUNDARY = /(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/;

  it('split exactly where the documented regular expression does', () => {
    const alphabet = ['a', 'z', 'A', 'Z', '0', '9', '_', '$', '-', ' ', '.', 'é', 'É', '\u0130'];
    const identifiers = ['', 'a', 'A', 'getHTTPStatus', 'HTTPStatus', 'fetchV2', 'v2Beta', 'ABC', 'aBC', 'eventId', 'get$Value', 'searchInvoicesBilling'];
    // Every string of up to four characters over the alphabet: each neighbourhood a boundary rule reads.
    const grow = (prefix: string, length: number): void => {
      identifiers.push(prefix);
      if (length > 0) for (const c of alphabet) grow(prefix + c, length - 1);
    };
    grow('', 4);
    const disagreeing = identifiers.filter((id) => JSON.stringify(splitCamelCase(id)) !== JSON.stringify(id.split(BOUNDARY)));
    expect(disagreeing).toEqual([]);
    // toSnakeCase inserts "_" at the same boundaries (one replace, no list).
    const snake = (id: string): string => id.split(BOUNDARY).join('_').replace(/[\s.]+/g, '_').toLowerCase();
    expect(identifiers.filter((id) => toSnakeCase(id) !== snake(id))).toEqual([]);
    expect(identifiers.length).toBeGreaterThan(38_000);
  });

  it('toSnakeCase joins the words with "_", turns runs of spaces and dots into one "_", and lower-cases', () => {
    expect(['getWeather', 'getHTTPStatus', 'fetchV2', 'a b..c', 'x  Y.z', 'already_snake'].map(toSnakeCase)).toEqual([
      'get_weather', 'get_http_status', 'fetch_v2', 'a_b_c', 'x_y_z', 'already_snake',
    ]);
  });
});

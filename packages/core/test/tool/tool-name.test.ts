import { isValidToolName, TOOL_NAME_PATTERN } from '@toolwright/core';

describe('isValidToolName', () => {
  it('agrees with TOOL_NAME_PATTERN on edge cases and on every character of the Basic Multilingual Plane', () => {
    const cases = ['', 'a', 'get_weather', 'get-weather', 'A9_-', 'x'.repeat(64), 'x'.repeat(65), 'a b', 'a.b', 'é', 'a\n', '\u0130', 'ab\u0000'];
    for (let c = 0; c < 0x10000; c++) cases.push(`a${String.fromCharCode(c)}`);
    const disagreeing = cases.filter((name) => isValidToolName(name) !== TOOL_NAME_PATTERN.test(name));
    expect(disagreeing).toEqual([]);
    expect(isValidToolName(42)).toBe(false);
  });
});

import { escapePointerSegment, pointer, pointerSegments, unescapePointerSegment } from '../../src/schema/json-pointer';

describe('JSON pointers', () => {
  it('leaves ordinary segments and indexes as they are', () => {
    expect(escapePointerSegment('units')).toBe('units');
    expect(escapePointerSegment(3)).toBe('3');
    expect(pointer('/properties', 'units')).toBe('/properties/units');
  });

  it('escapes ~ and / as RFC 6901 says, ~ first', () => {
    expect(escapePointerSegment('a/b')).toBe('a~1b');
    expect(escapePointerSegment('a~b')).toBe('a~0b');
    expect(escapePointerSegment('~/')).toBe('~0~1');
    expect(pointer('', 'x/~y')).toBe('/x~1~0y');
  });

  it('round-trips escaped segments', () => {
    for (const segment of ['plain', 'a/b', 'a~b', '~1', '/~0/']) {
      expect(unescapePointerSegment(escapePointerSegment(segment))).toBe(segment);
    }
    expect(pointerSegments(pointer(pointer('', 'a/b'), 'c~d'))).toEqual(['a/b', 'c~d']);
  });
});

import { makeNullable } from '../../src/schema/strict-nullable';
import { optionalKeysOf, recordOptionalKeys } from '../../src/schema/strict-optional-keys';
import { toStrictSchema } from '../../src';

describe('making a rewritten schema nullable', () => {
  it('wraps a shape that cannot take null itself, moving title and description to the wrapper without changing the input', () => {
    const node = { title: 'Tags', description: 'Only these tags.', type: 'array', items: { type: 'string' } };
    const before = structuredClone(node);
    const out = makeNullable(node);
    expect(out).toEqual({ title: 'Tags', description: 'Only these tags.', anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] });
    expect(node).toEqual(before);
  });

  it('carries the optional keys recorded for an object node over to the wrapped copy', () => {
    const node = { description: 'A place.', type: 'object', properties: { city: { type: ['string', 'null'] } }, required: ['city'], additionalProperties: false };
    recordOptionalKeys(node, ['city']);
    const out = makeNullable(node);
    const inner = (out.anyOf as object[])[0];
    expect(inner).not.toHaveProperty('description');
    expect(optionalKeysOf(inner)).toEqual(['city']);
  });

  it('keeps the optional keys of an optional nested object findable from the strict schema', () => {
    const strict = toStrictSchema({
      type: 'object',
      properties: { place: { description: 'Where.', type: 'object', properties: { city: { type: 'string' } } } },
    });
    const place = (strict.properties as Record<string, { description?: string; anyOf: object[] }>).place;
    expect(place.description).toBe('Where.');
    expect(optionalKeysOf(place.anyOf[0])).toEqual(['city']);
  });
});

import { toStrictSchema, ToolDefinitionError } from '../../src';
import type { JsonSchema } from '../../src';

function strictError(schema: unknown): ToolDefinitionError {
  try {
    toStrictSchema(schema as JsonSchema, { toolName: 'demo' });
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return error as ToolDefinitionError;
  }
  throw new Error('expected ToolDefinitionError');
}

describe('toStrictSchema', () => {
  describe('rewrites objects', () => {
    it('closes objects, requires every property and makes optional ones nullable', () => {
      const input = {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City' },
          units: { type: 'string', enum: ['c', 'f'] },
          days: { type: 'integer' },
        },
        required: ['city'],
      };
      const copy = JSON.parse(JSON.stringify(input));
      expect(toStrictSchema(input)).toEqual({
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City' },
          units: { type: ['string', 'null'], enum: ['c', 'f', null] },
          days: { type: ['integer', 'null'] },
        },
        required: ['city', 'units', 'days'],
        additionalProperties: false,
      });
      expect(input).toEqual(copy);
    });

    it('turns an empty schema into an empty object schema', () => {
      expect(toStrictSchema({})).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
      expect(toStrictSchema({ type: 'object' })).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    });

    it('rewrites nested objects and array items', () => {
      const out = toStrictSchema({
        type: 'object',
        properties: {
          trip: {
            type: 'object',
            description: 'The trip',
            properties: { legs: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, note: { type: 'string' } }, required: ['from'] } } },
          },
        },
      });
      expect(out.properties).toEqual({
        trip: {
          description: 'The trip',
          anyOf: [
            {
              type: 'object',
              properties: {
                legs: {
                  anyOf: [
                    {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { from: { type: 'string' }, note: { type: ['string', 'null'] } },
                        required: ['from', 'note'],
                        additionalProperties: false,
                      },
                    },
                    { type: 'null' },
                  ],
                },
              },
              required: ['legs'],
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
      });
    });

    it('keeps properties that already admit null as they are', () => {
      const out = toStrictSchema({ type: 'object', properties: { a: { type: ['string', 'null'] }, b: { anyOf: [{ type: 'number' }, { type: 'null' }] } } });
      expect(out.properties).toEqual({ a: { type: ['string', 'null'] }, b: { anyOf: [{ type: 'number' }, { type: 'null' }] } });
    });

    it('extends anyOf with null for optional unions and converts oneOf to anyOf', () => {
      const out = toStrictSchema({
        type: 'object',
        properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] }, w: { oneOf: [{ const: 'a' }, { const: 'b' }] } },
        required: ['w'],
      });
      expect(out.properties).toEqual({
        v: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
        w: { anyOf: [{ const: 'a' }, { const: 'b' }] },
      });
    });

    it('merges a single allOf and drops defaults', () => {
      const out = toStrictSchema({ type: 'object', properties: { a: { allOf: [{ type: 'string' }], default: 'x', description: 'A' } }, required: ['a'] });
      expect(out.properties).toEqual({ a: { type: 'string', description: 'A' } });
    });
  });

  describe('handles references', () => {
    it('rewrites $defs and definitions and keeps plain $refs', () => {
      const out = toStrictSchema({
        type: 'object',
        properties: { home: { $ref: '#/$defs/Address' }, work: { $ref: '#/definitions/Address' } },
        required: ['home'],
        $defs: { Address: { type: 'object', properties: { street: { type: 'string' } } } },
        definitions: { Address: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] } },
      });
      expect(out.properties).toEqual({ home: { $ref: '#/$defs/Address' }, work: { anyOf: [{ $ref: '#/definitions/Address' }, { type: 'null' }] } });
      expect(out.$defs).toEqual({
        Address: { type: 'object', properties: { street: { type: ['string', 'null'] } }, required: ['street'], additionalProperties: false },
      });
      expect((out.definitions as JsonSchema).Address).toMatchObject({ required: ['street'], additionalProperties: false });
    });

    it('inlines a $ref with sibling keywords and a root $ref', () => {
      const out = toStrictSchema({
        $ref: '#/definitions/Args',
        definitions: {
          Args: { type: 'object', properties: { tag: { $ref: '#/definitions/Tag', description: 'A tag' } }, required: ['tag'] },
          Tag: { type: 'string', enum: ['a', 'b'] },
        },
      });
      expect(out.type).toBe('object');
      expect(out.properties).toEqual({ tag: { type: 'string', enum: ['a', 'b'], description: 'A tag' } });
    });

    it('supports recursive types through $ref', () => {
      const out = toStrictSchema({
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
        $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['name', 'children'] } },
      });
      expect((out.$defs as JsonSchema).Node).toMatchObject({ additionalProperties: false, required: ['name', 'children'] });
    });

    it('rejects non-local and unresolvable references', () => {
      expect(strictError({ type: 'object', properties: { a: { $ref: 'http://x/schema.json' } } }).message).toMatch(/not a local reference/);
      expect(strictError({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }).message).toMatch(/does not resolve/);
    });
  });

  describe('refuses what strict mode cannot express', () => {
    it.each([
      ['any (empty schema)', { a: {} }, '/properties/a', /unconstrained.*`any` or `unknown`/],
      ['any (true)', { a: true }, '/properties/a', /unconstrained/],
      ['a typeless schema', { a: { description: 'x', minimum: 1 } }, '/properties/a', /has no type/],
      ['a Record map', { a: { type: 'object', additionalProperties: { type: 'string' } } }, '/properties/a', /map with arbitrary keys/],
      ['additionalProperties: true', { a: { type: 'object', properties: {}, additionalProperties: true } }, '/properties/a', /additionalProperties: true/],
      ['patternProperties', { a: { type: 'object', patternProperties: { '^x': { type: 'string' } } } }, '/properties/a', /patternProperties/],
      ['any[]', { a: { type: 'array', items: {} } }, '/properties/a/items', /array items unconstrained/],
      ['an array without items', { a: { type: 'array' } }, '/properties/a', /without an items schema/],
      ['a tuple', { a: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } }, '/properties/a', /tuple/],
      ['allOf members that conflict', { a: { allOf: [{ type: 'object' }, { type: 'string' }] } }, '/properties/a', /accepts no value/],
      ['not', { a: { type: 'string', not: { const: 'x' } } }, '/properties/a', /`not`/],
      ['never', { a: false }, '/properties/a', /never/],
    ])('%s, naming the tool, the field path and a fix', (_label, properties, path, pattern) => {
      const error = strictError({ type: 'object', properties });
      expect(error.toolName).toBe('demo');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(pattern);
      expect(error.message).toMatch(/^Tool "demo": field "a(\[\])?"/);
      expect(error.message).toMatch(/Fix: .*strict: false|Fix: remove|Fix: make the combined schemas agree/);
    });

    it('refuses a root that is not an object', () => {
      expect(strictError({ type: 'string' }).message).toMatch(/must describe an object/);
      expect(strictError({ anyOf: [{ type: 'string' }, { type: 'null' }] }).message).toMatch(/must describe an object/);
      expect(toStrictSchema({ anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] })).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    });

    it('refuses required names that are not properties', () => {
      expect(strictError({ type: 'object', properties: {}, required: ['ghost'] }).path).toBe('/required');
    });
  });

  describe('guards size and depth', () => {
    it('limits object nesting', () => {
      let schema: JsonSchema = { type: 'string' };
      for (let i = 0; i < 12; i++) schema = { type: 'object', properties: { x: schema }, required: ['x'] };
      expect(strictError(schema).message).toMatch(/deeper than 10 levels/);
    });

    it('limits the number of properties and enum values', () => {
      const properties = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }]));
      expect(strictError({ type: 'object', properties }).message).toMatch(/5000 properties/);
      const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
      expect(strictError({ type: 'object', properties: { e: { type: 'string', enum: values } } }).message).toMatch(/1000 enum values/);
    });

    it('stops on cyclic input objects and long $ref chains', () => {
      const cyclic: JsonSchema = { type: 'object', properties: {} };
      (cyclic.properties as JsonSchema).self = cyclic;
      expect(strictError(cyclic).message).toMatch(/deeper than/);
      expect(() => toStrictSchema({ type: 'object', properties: {} }, { limits: { maxNodes: 0 } })).toThrow(/nodes/);
    });
  });
});

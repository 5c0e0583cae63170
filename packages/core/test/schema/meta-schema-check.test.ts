import { ajv } from '../../src/schema/ajv-instance';
import { certainlyPassesMetaSchema } from '../../src/schema/meta-schema-check';

/** What ajv, the reference, says of a schema. */
const ajvAccepts = (schema: unknown): boolean => ajv().validateSchema(schema as object) as boolean;

const VALID = [
  {},
  { type: 'object', properties: { q: { type: 'string', description: 'Text.', minLength: 1, maxLength: 200, pattern: '^\\w+$' } }, required: ['q'] },
  { type: ['string', 'null'], enum: ['a', 'b', null], format: 'email' },
  { type: 'array', items: { type: 'integer', minimum: 0, exclusiveMaximum: 10, multipleOf: 2 }, minItems: 1, maxItems: 5, uniqueItems: true },
  { type: 'array', items: [{ type: 'string' }, true], additionalItems: false, contains: { const: 3 } },
  { anyOf: [{ $ref: '#/definitions/a' }, { not: { type: 'null' } }], definitions: { a: { type: 'boolean', default: true } } },
  { $defs: { anything: 42 }, 'x-provider': { nested: [1, 2] }, examples: [1, 'a'], readOnly: true, $comment: 'c' },
  { patternProperties: { '^x-': { type: 'string' } }, propertyNames: { maxLength: 3 }, minProperties: 0, maxProperties: 9 },
  { dependencies: { a: ['b', 'c'], d: { required: ['e'] } }, if: { required: ['a'] }, then: true, else: false },
  { allOf: [{ title: 't' }], oneOf: [{ contentMediaType: 'text/plain', contentEncoding: 'base64' }], $id: 'urn:x', $ref: '#' },
];

const INVALID = [
  { type: 'strin' },
  { type: [] },
  { type: ['string', 'string'] },
  { properties: { units: { type: 'celsius' } } },
  { properties: [] },
  { required: 'q' },
  { required: ['q', 'q'] },
  { required: [1] },
  { enum: [] },
  { enum: 'a' },
  { enum: ['a', 'a'] },
  { minLength: -1 },
  { maxItems: 1.5 },
  { minimum: '1' },
  { multipleOf: 0 },
  { pattern: 5 },
  { items: [] },
  { items: 3 },
  { anyOf: [] },
  { allOf: [{ type: 'nope' }] },
  { not: 'x' },
  { additionalProperties: 'no' },
  { dependencies: { a: ['b', 'b'] } },
  { dependencies: { a: 3 } },
  { description: 3 },
  { format: true },
  { uniqueItems: 'yes' },
  { definitions: { a: { minimum: null } } },
];

describe('certainlyPassesMetaSchema (the meta-schema check that spares defineTool loading ajv)', () => {
  it.each(VALID.map((schema) => [JSON.stringify(schema), schema]))('vouches for a valid schema: %s', (_text, schema) => {
    expect(ajvAccepts(schema)).toBe(true);
    expect(certainlyPassesMetaSchema(schema)).toBe(true);
  });

  it.each(INVALID.map((schema) => [JSON.stringify(schema), schema]))('never vouches for one ajv refuses: %s', (_text, schema) => {
    expect(ajvAccepts(schema)).toBe(false);
    expect(certainlyPassesMetaSchema(schema)).toBe(false);
  });

  it("ignores the meta-schema's formats, as ajv does (a bad pattern fails when the validator is compiled)", () => {
    for (const schema of [{ pattern: '(' }, { patternProperties: { '(': {} } }, { $ref: 'has space' }]) {
      expect(ajvAccepts(schema)).toBe(true);
      expect(certainlyPassesMetaSchema(schema)).toBe(true);
    }
  });

  it('leaves an enum of objects to ajv (equality of objects is not decided here)', () => {
    const schema = { enum: [{ a: 1 }, { a: 2 }] };
    expect(certainlyPassesMetaSchema(schema)).toBe(false);
    expect(ajvAccepts(schema)).toBe(true);
  });

  it('agrees with ajv whenever it vouches, on thousands of generated schemas', () => {
    // A seeded generator of nested schemas whose keyword values are drawn from valid and invalid pools.
    let seed = 20261201;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const VALUES: Record<string, () => unknown> = {
      type: () => pick(['string', 'integer', 'object', 'nope', ['string', 'null'], [], ['null', 'null'], 3]),
      minimum: () => pick([0, -1.5, '2', null, Infinity]),
      minLength: () => pick([0, 3, -1, 2.5, '1']),
      pattern: () => pick(['^a$', '(', '\\d+', 7, '[']),
      enum: () => pick([['a', 'b'], [], ['a', 'a'], [1, '1'], [null, 0], 'x', [{ a: 1 }]]),
      required: () => pick([['a'], ['a', 'a'], [], 'a', [1]]),
      description: () => pick(['d', 3, null]),
      format: () => pick(['email', 4]),
      $ref: () => pick(['#/definitions/x', 'a b', 5]),
      uniqueItems: () => pick([true, 'no']),
      multipleOf: () => pick([2, 0, -1, 0.5]),
      properties: () => (random() < 0.7 ? { a: schema(2), b: schema(2) } : pick([[], 'p', null])),
      items: () => (random() < 0.5 ? schema(2) : pick([[schema(3)], [], 3])),
      anyOf: () => (random() < 0.7 ? [schema(2), schema(2)] : pick([[], {}, ['x']])),
      additionalProperties: () => (random() < 0.5 ? pick([true, false]) : pick([schema(3), 'no'])),
      'x-vendor': () => pick([1, { type: 'nope' }, 'anything']),
    };
    const keys = Object.keys(VALUES);
    function schema(depth: number): unknown {
      if (depth > 3 || random() < 0.1) return pick([true, false, 'not a schema', {}]);
      const node: Record<string, unknown> = {};
      const count = 1 + Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const key = pick(keys);
        node[key] = VALUES[key]();
      }
      return node;
    }
    let vouched = 0;
    for (let i = 0; i < 3000; i++) {
      const candidate = schema(0);
      if (typeof candidate !== 'object' || candidate === null) continue;
      if (certainlyPassesMetaSchema(candidate)) {
        vouched++;
        if (!ajvAccepts(candidate)) throw new Error(`vouched for a schema ajv refuses: ${JSON.stringify(candidate)}`);
      }
    }
    // It answers often enough to matter: the typical valid schema never reaches ajv.
    expect(vouched).toBeGreaterThan(100);
  });
});

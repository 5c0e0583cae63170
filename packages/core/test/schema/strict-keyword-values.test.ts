import { ToolDefinitionError, toStrictSchema, type JsonSchema } from '@toolwright/core';
import { STRICT_KEYWORD_RULES } from '@toolwright/core/extend';

// Issue 30: `toStrictSchema` refuses a keyword whose value is of the wrong JSON type — whatever
// the keyword's rule (kept, rewritten, described or refused) — naming the keyword, its path and
// the type it takes, instead of dropping the value or misreading it.

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A value of each JSON type. */
const SAMPLES: ReadonlyArray<[JsonType, unknown]> = [
  ['string', 'text'], ['number', 1.5], ['integer', 7], ['boolean', false], ['object', {}], ['array', []], ['null', null],
];

const STRING = { accepts: ['string'], expected: 'a string' };
const NUMBER = { accepts: ['number', 'integer'], expected: 'a number' };
const COUNT = { accepts: ['integer'], expected: 'a non-negative integer' };
const BOOLEAN = { accepts: ['boolean'], expected: 'true or false' };
const OBJECT = { accepts: ['object'], expected: 'an object' };
const ARRAY = { accepts: ['array'], expected: 'an array' };
const SCHEMA = { accepts: ['object', 'boolean'], expected: 'a schema (an object, or true or false)' };
const ANY = { accepts: ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'], expected: '' };

/** The JSON types each keyword's value may have (JSON Schema's meta-schema, draft-07 to 2020-12). */
const VALUE_TYPES: Record<string, { accepts: string[]; expected: string }> = {
  type: { accepts: ['string', 'array'], expected: 'a type name or an array of type names' },
  enum: ARRAY, const: ANY, title: STRING, description: STRING,
  minimum: NUMBER, maximum: NUMBER, exclusiveMinimum: NUMBER, exclusiveMaximum: NUMBER,
  multipleOf: { accepts: ['number', 'integer'], expected: 'a positive number' },
  minItems: COUNT, maxItems: COUNT, pattern: STRING, format: STRING,
  items: { accepts: ['object', 'boolean', 'array'], expected: 'a schema (an object, or true or false) or an array of schemas' },
  anyOf: ARRAY, properties: OBJECT, required: { accepts: ['array'], expected: 'an array of property names' },
  additionalProperties: SCHEMA, oneOf: ARRAY, allOf: ARRAY, $ref: STRING, $defs: OBJECT, definitions: OBJECT,
  $id: STRING, $anchor: STRING, $schema: STRING, $vocabulary: OBJECT, $comment: STRING, readOnly: BOOLEAN, writeOnly: BOOLEAN,
  contentSchema: SCHEMA, unevaluatedProperties: SCHEMA, unevaluatedItems: SCHEMA, default: ANY, examples: ARRAY,
  deprecated: BOOLEAN, contentEncoding: STRING, contentMediaType: STRING, minLength: COUNT, maxLength: COUNT, uniqueItems: BOOLEAN,
  not: SCHEMA, if: SCHEMA, then: SCHEMA, else: SCHEMA, dependentRequired: OBJECT, dependentSchemas: OBJECT, dependencies: OBJECT,
  patternProperties: OBJECT, propertyNames: SCHEMA, minProperties: COUNT, maxProperties: COUNT, prefixItems: ARRAY,
  additionalItems: SCHEMA, contains: SCHEMA, minContains: COUNT, maxContains: COUNT, $dynamicRef: STRING, $dynamicAnchor: STRING,
  $recursiveRef: STRING, $recursiveAnchor: BOOLEAN, nullable: BOOLEAN,
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function refusal(schema: unknown): ToolDefinitionError {
  try {
    toStrictSchema(schema as JsonSchema, { toolName: 'demo' });
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(schema)}`);
}

const cases = Object.keys(STRICT_KEYWORD_RULES).flatMap((keyword) =>
  SAMPLES.filter(([type]) => !VALUE_TYPES[keyword]?.accepts.includes(type)).map(([type, value]) => [keyword, type, value] as const));

describe('toStrictSchema and malformed keyword values', () => {
  it('has an expected value type for every keyword of STRICT_KEYWORD_RULES (and for no other)', () => {
    expect(Object.keys(VALUE_TYPES).sort()).toEqual(Object.keys(STRICT_KEYWORD_RULES).sort());
  });

  describe.each(cases)('%s given %s', (keyword, _type, value) => {
    const { expected } = VALUE_TYPES[keyword];
    const named = new RegExp(`^Tool "demo": field "x[^"]*" \\(schema path /properties/x/${escape(keyword)}\\) has ${escape(keyword)}: .*, but ${escape(keyword)} must be ${escape(expected)}\\. Fix: write ${escape(keyword)} as ${escape(expected)}, or remove it\\.$`);

    it('is refused on a property, naming the keyword, its path and the type it takes', () => {
      const x = keyword === 'type' ? { type: value } : { type: 'string', [keyword]: value };
      const error = refusal({ type: 'object', properties: { x } });
      expect(error.message).toMatch(named);
      expect(error.path).toBe(`/properties/x/${keyword}`);
    });

    it('is refused at the root too', () => {
      const root = keyword === 'type' ? { type: value, properties: {} } : { type: 'object', properties: {}, [keyword]: value };
      const error = refusal(root);
      expect(error.message).toContain(`(schema path /${keyword}) has ${keyword}: `);
      expect(error.message).toContain(`but ${keyword} must be ${expected}.`);
    });
  });

  it('refuses the two values the issue names: $defs: false and contentEncoding: false', () => {
    expect(refusal({ type: 'object', properties: {}, $defs: false }).message).toMatch(/\(schema path \/\$defs\) has \$defs: false, but \$defs must be an object/);
    expect(refusal({ type: 'object', properties: { x: { type: 'string', contentEncoding: false } } }).message).toMatch(/has contentEncoding: false, but contentEncoding must be a string/);
    expect(refusal({ type: 'object', properties: { x: { type: 'object', properties: {}, $defs: false } } }).message).toMatch(/schema path \/properties\/x\/\$defs\) has \$defs: false/);
  });

  it('refuses a malformed value inside an allOf member and beside a $ref', () => {
    expect(refusal({ type: 'object', properties: { x: { allOf: [{ type: 'string' }, { contentMediaType: 7 }] } } }).message).toMatch(/has contentMediaType: 7, but contentMediaType must be a string/);
    const besideRef = { type: 'object', properties: { x: { $ref: '#/$defs/S', deprecated: 'yes' } }, $defs: { S: { type: 'string' } } };
    expect(refusal(besideRef).message).toMatch(/schema path \/properties\/x\/deprecated\) has deprecated: the string "yes", but deprecated must be true or false/);
  });

  it('still takes every keyword value of the right type (undefined counts as absent)', () => {
    expect(toStrictSchema({ type: 'object', properties: { x: { type: 'string', contentEncoding: 'base64', deprecated: undefined, examples: ['a'] } } }))
      .toEqual({ type: 'object', properties: { x: { type: ['string', 'null'], description: 'Encoding: base64. Examples: a.' } }, required: ['x'], additionalProperties: false });
  });
});

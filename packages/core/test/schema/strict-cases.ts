import type { JsonSchema } from '../../src';

/** One row of the strict-rewrite table: a schema, what the rewrite makes of it, and how the tool behaves. */
export interface StrictCase {
  name: string;
  /** The keywords (rows of STRICT_KEYWORD_RULES) this case pins. */
  keywords: string[];
  schema: unknown;
  /** Argument objects the strict tool accepts (and, unless `sourceDiffers`, the source schema too). */
  accepts?: unknown[];
  /** Argument objects the strict tool refuses (and, unless `sourceDiffers`, the source schema too). */
  rejects?: unknown[];
  /** [sent, what the method receives]. */
  receives?: Array<[unknown, unknown]>;
  /** The rewrite refuses the schema with a ToolDefinitionError matching this, at `path`. */
  error?: RegExp;
  path?: string;
  /** The samples involve what strict mode changes on purpose (null for optional fields, closed objects). */
  sourceDiffers?: true;
  /** Only `toStrictSchema` is run (defineTool's meta-schema check would refuse first). */
  rewriteOnly?: true;
}

const object = (properties: Record<string, unknown>, required = Object.keys(properties), extra: JsonSchema = {}): JsonSchema =>
  ({ type: 'object', properties, required, ...extra });

let deepAllOf: unknown = { type: 'string' };
for (let i = 0; i < 1000; i++) deepAllOf = { allOf: [deepAllOf] };
const chain: Record<string, unknown> = {};
for (let i = 0; i < 1000; i++) chain[`D${i}`] = { $ref: `#/$defs/D${i + 1}` };
chain.D1000 = { type: 'string' };
const shortChain: Record<string, unknown> = {};
for (let i = 0; i < 10; i++) shortChain[`D${i}`] = { $ref: `#/$defs/D${i + 1}` };
shortChain.D10 = { type: 'string' };
const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
(cyclic.properties as Record<string, unknown>).self = cyclic;

export const STRICT_CASES: StrictCase[] = [
  // Kept keywords.
  {
    name: 'keeps types, enums, consts, titles, descriptions and numeric bounds',
    keywords: ['type', 'enum', 'const', 'title', 'description', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    schema: object({
      units: { type: 'string', enum: ['celsius', 'fahrenheit'], title: 'Units', description: 'Temperature units' },
      mode: { const: 'fast' },
      days: { type: 'integer', minimum: 1, maximum: 10 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 },
    }),
    accepts: [{ units: 'celsius', mode: 'fast', days: 3, ratio: 0.5 }],
    rejects: [{ units: 'kelvin', mode: 'fast', days: 3, ratio: 0.5 }, { units: 'celsius', mode: 'fast', days: 11, ratio: 0.5 }, { units: 'celsius', mode: 'fast', days: 3, ratio: 1 }, { units: 'celsius', mode: 'fast', days: 3, ratio: 0.3 }],
  },
  {
    name: 'keeps minItems, maxItems, items and model-supported formats and patterns',
    keywords: ['minItems', 'maxItems', 'items', 'format', 'pattern'],
    schema: object({ when: { type: 'string', format: 'date-time' }, code: { type: 'string', pattern: '^[A-Z]{3}$' }, tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 } }),
    accepts: [{ when: '2024-05-01T12:00:00Z', code: 'OSL', tags: ['a'] }],
    rejects: [{ when: 'yesterday', code: 'OSL', tags: ['a'] }, { when: '2024-05-01T12:00:00Z', code: 'osl', tags: ['a'] }, { when: '2024-05-01T12:00:00Z', code: 'OSL', tags: [] }],
  },
  {
    name: 'turns a one-element type array into the name, including at the root',
    keywords: ['type'],
    schema: { type: ['object'], properties: { a: { type: ['string'] } }, required: ['a'] },
    accepts: [{ a: 'x' }],
    rejects: [{ a: 1 }],
  },
  {
    name: 'refuses an unknown type name',
    keywords: ['type'],
    schema: object({ a: { type: 'text' } }),
    error: /type.*must be one of "string"/,
    path: '/properties/a/type',
    rewriteOnly: true,
  },
  // Objects.
  {
    name: 'closes objects, requires every property and makes optional ones nullable (null arrives as undefined)',
    keywords: ['properties', 'required', 'additionalProperties'],
    schema: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] }, place: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] } }, required: ['city'] },
    receives: [[{ city: 'Oslo', units: null, place: null }, { city: 'Oslo', units: undefined, place: undefined }]],
    rejects: [{ city: 'Oslo', units: null, place: null, extra: 1 }, { city: 'Oslo' }],
    sourceDiffers: true,
  },
  {
    name: 'makes an optional { type: "string", enum: ["ready", null] } nullable: the type refuses null (item 7)',
    keywords: ['enum', 'type'],
    schema: { type: 'object', properties: { s: { type: 'string', enum: ['ready', null] }, e: { enum: ['a', 'b'] } } },
    receives: [[{ s: null, e: null }, { s: undefined, e: undefined }], [{ s: 'ready', e: 'a' }, { s: 'ready', e: 'a' }]],
    rejects: [{ s: 'other', e: 'a' }],
    sourceDiffers: true,
  },
  {
    name: 'treats a schema with properties and no type as an object',
    keywords: ['properties'],
    schema: { properties: { a: { properties: { b: { type: 'string' } }, required: ['b'] } }, required: ['a'] },
    accepts: [{ a: { b: 'x' } }],
  },
  {
    name: 'treats a keyword whose value is undefined as absent (properties: undefined is an empty object)',
    keywords: ['properties'],
    schema: object({ a: { type: 'object', properties: undefined, description: undefined } }),
    accepts: [{ a: {} }],
    rejects: [{ a: { x: 1 } }],
    sourceDiffers: true,
  },
  {
    name: 'refuses required that is not an array of names',
    keywords: ['required'],
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: 1 },
    error: /required.*must be an array of property names/,
    path: '/required',
    rewriteOnly: true,
  },
  {
    name: 'refuses a required name that is not a property',
    keywords: ['required'],
    schema: { type: 'object', properties: {}, required: ['ghost'] },
    error: /lists "ghost", which is not a declared property/,
    path: '/required',
  },
  {
    name: 'refuses additionalProperties: true',
    keywords: ['additionalProperties'],
    schema: object({ a: { type: 'object', properties: {}, additionalProperties: true } }),
    error: /additionalProperties: true/,
    path: '/properties/a',
  },
  {
    name: 'refuses a map (additionalProperties is a schema)',
    keywords: ['additionalProperties'],
    schema: object({ a: { type: 'object', additionalProperties: { type: 'string' } } }),
    error: /map with arbitrary keys/,
    path: '/properties/a',
  },
  // Unions.
  {
    name: 'distributes an object wrapper into the branches of a discriminated union (item 1)',
    keywords: ['anyOf'],
    schema: object({
      shape: {
        type: 'object',
        properties: { kind: { type: 'string' } },
        required: ['kind'],
        anyOf: [
          { properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['radius'] },
          { properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['side'] },
        ],
      },
    }),
    accepts: [{ shape: { kind: 'circle', radius: 1 } }, { shape: { kind: 'square', side: 2 } }],
    rejects: [{ shape: { kind: 'circle', side: 2 } }, { shape: { kind: 'triangle', side: 2 } }, { shape: {} }],
  },
  {
    name: 'drops union branches the constraints beside them exclude',
    keywords: ['anyOf'],
    schema: object({ a: { type: 'string', anyOf: [{ pattern: '^q' }, { type: 'number' }, { enum: ['x', 'y', 3] }] } }),
    accepts: [{ a: 'x' }, { a: 'qq' }],
    rejects: [{ a: 3 }, { a: 'z' }],
  },
  {
    name: 'refuses a union whose every branch conflicts with the constraints beside it',
    keywords: ['anyOf'],
    schema: object({ a: { type: 'string', anyOf: [{ type: 'number' }, { type: 'boolean' }] } }),
    error: /accepts no value: no branch of its anyOf is compatible/,
    path: '/properties/a',
  },
  {
    name: 'refuses a union of objects at the root, with the fix',
    keywords: ['anyOf'],
    schema: { type: 'object', anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'string' } })] },
    error: /must describe one object.*Fix: .*put the alternatives under one property/,
    path: '',
  },
  {
    name: 'accepts a nullable root as the object it describes',
    keywords: ['anyOf', 'type'],
    schema: { anyOf: [object({ a: { type: 'string' } }), { type: 'null' }] },
    accepts: [{ a: 'x' }],
  },
  {
    name: 'rewrites a oneOf whose branches are provably disjoint into a plain anyOf',
    keywords: ['oneOf'],
    schema: object({ v: { oneOf: [{ type: 'string' }, { type: 'number' }, object({ kind: { const: 'a' } }), object({ kind: { const: 'b' } })] } }),
    accepts: [{ v: 'x' }, { v: 1 }, { v: { kind: 'a' } }],
    rejects: [{ v: true }],
  },
  {
    name: 'checks "exactly one" of an overlapping oneOf locally and says so in the description',
    keywords: ['oneOf'],
    schema: object({ n: { oneOf: [{ type: 'integer', multipleOf: 2 }, { type: 'integer', multipleOf: 3 }] } }),
    accepts: [{ n: 4 }, { n: 9 }],
    rejects: [{ n: 6 }, { n: 5 }],
  },
  {
    name: 'keeps an optional overlapping oneOf exclusive and nullable',
    keywords: ['oneOf'],
    schema: { type: 'object', properties: { n: { oneOf: [{ type: 'integer', multipleOf: 2 }, { type: 'integer', multipleOf: 3 }] } } },
    receives: [[{ n: null }, { n: undefined }], [{ n: 4 }, { n: 4 }]],
    rejects: [{ n: 6 }],
    sourceDiffers: true,
  },
  // allOf and merging.
  {
    name: 'merges a one-element allOf as an intersection (string and number accept nothing: refused)',
    keywords: ['allOf'],
    schema: object({ s: { type: 'string', allOf: [{ type: 'number' }] } }),
    error: /accepts no value: type "string" and type "number" have nothing in common/,
    path: '/properties/s',
  },
  {
    name: 'refuses conflicting consts instead of keeping one of them',
    keywords: ['allOf', 'const'],
    schema: object({ s: { const: 'a', allOf: [{ const: 'b' }] } }),
    error: /const "a" and const "b" differ/,
    path: '/properties/s',
  },
  {
    name: 'keeps the stronger bound of overlapping allOf members',
    keywords: ['allOf', 'minimum', 'maximum', 'multipleOf'],
    schema: object({ n: { type: 'integer', minimum: 5, allOf: [{ minimum: 1, maximum: 10, multipleOf: 2 }, { maximum: 8, multipleOf: 4 }] } }),
    accepts: [{ n: 8 }],
    rejects: [{ n: 4 }, { n: 12 }, { n: 6 }],
  },
  {
    name: 'merges allOf object members into one closed object',
    keywords: ['allOf', 'properties', 'required'],
    schema: { allOf: [object({ name: { type: 'string' } }), object({ age: { type: 'integer' } }), { properties: { name: { minLength: 1 } } }] },
    accepts: [{ name: 'Ada', age: 36 }],
    rejects: [{ name: '', age: 36 }, { name: 'Ada' }],
  },
  {
    name: 'drops a property a closed allOf member does not allow, and refuses one it requires',
    keywords: ['allOf', 'additionalProperties'],
    schema: object({
      a: { allOf: [{ type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false }, { type: 'object', properties: { y: { type: 'string' } } }] },
      b: { allOf: [{ type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false }, object({ y: { type: 'string' } })] },
    }),
    error: /field "b".*accepts no value: property "y" is required by one schema and not allowed by the other/,
    path: '/properties/b',
  },
  {
    name: 'refuses two different patterns in one merge (one pattern cannot express both)',
    keywords: ['allOf', 'pattern'],
    schema: object({ s: { type: 'string', pattern: '^a', allOf: [{ pattern: 'b$' }] } }),
    error: /two different pattern values/,
    path: '/properties/s',
  },
  {
    name: 'intersects enums of a $ref and an allOf $ref instead of dropping one',
    keywords: ['$ref', 'allOf', 'enum'],
    schema: { ...object({ s: { $ref: '#/$defs/A', allOf: [{ $ref: '#/$defs/B' }] } }), $defs: { A: { type: 'string', enum: ['a', 'b', 'c'] }, B: { enum: ['b', 'c', 'd'] } } },
    accepts: [{ s: 'b' }],
    rejects: [{ s: 'a' }, { s: 'd' }],
  },
  {
    name: 'refuses an allOf that refers to itself with no schema in between',
    keywords: ['allOf', '$ref'],
    schema: { ...object({ a: { $ref: '#/$defs/A' } }), $defs: { A: { allOf: [{ $ref: '#/$defs/A' }], type: 'string' } } },
    error: /defined in terms of itself/,
  },
  // References.
  {
    name: 'keeps a plain $ref to a definition and rewrites the definition',
    keywords: ['$ref', '$defs'],
    schema: { ...object({ home: { $ref: '#/$defs/Address' } }), $defs: { Address: { type: 'object', properties: { street: { type: 'string' } } } } },
    receives: [[{ home: { street: null } }, { home: { street: undefined } }]],
    sourceDiffers: true,
  },
  {
    name: 'rewrites definitions (draft-07 spelling) too',
    keywords: ['definitions', '$ref'],
    schema: { ...object({ work: { $ref: '#/definitions/Address' } }), definitions: { Address: object({ street: { type: 'string' } }) } },
    accepts: [{ work: { street: 'Main' } }],
  },
  {
    name: 'keeps null through a $ref whose definition admits it: type, union branch, enum member (item 2)',
    keywords: ['$ref'],
    schema: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/T' }, b: { $ref: '#/$defs/U' }, c: { $ref: '#/$defs/E' } },
      $defs: { T: { type: ['string', 'null'] }, U: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, E: { enum: ['x', null] } },
    },
    receives: [[{ a: null, b: null, c: null }, { a: null, b: null, c: null }]],
    sourceDiffers: true,
  },
  {
    name: 'inlines a $ref to a definition with sibling annotations (the siblings win)',
    keywords: ['$ref', 'description'],
    schema: { $ref: '#/definitions/Args', definitions: { Args: object({ tag: { $ref: '#/definitions/Tag', description: 'A tag' } }), Tag: { type: 'string', enum: ['a', 'b'], description: 'Tag' } } },
    accepts: [{ tag: 'a' }],
  },
  {
    name: 'merges a $ref with sibling constraints like allOf',
    keywords: ['$ref', 'maxItems'],
    schema: { ...object({ tags: { $ref: '#/$defs/Tags', maxItems: 2 } }), $defs: { Tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 } } },
    accepts: [{ tags: ['a', 'b'] }],
    rejects: [{ tags: [] }, { tags: ['a', 'b', 'c'] }],
  },
  {
    name: 'inlines a $ref to a non-definition location (#/properties/...)',
    keywords: ['$ref'],
    schema: object({ a: { type: 'string', enum: ['x', 'y'] }, b: { $ref: '#/properties/a' } }),
    accepts: [{ a: 'x', b: 'y' }],
    rejects: [{ a: 'x', b: 'z' }],
  },
  {
    name: 'resolves a $ref into an allOf member of the source, not of the rewrite (item 3)',
    keywords: ['$ref', 'allOf'],
    schema: { type: 'object', allOf: [object({ a: { type: 'string', enum: ['x'] } })], properties: { b: { $ref: '#/allOf/0/properties/a' } }, required: ['b'] },
    accepts: [{ a: 'x', b: 'x' }],
    rejects: [{ a: 'x', b: 'y' }],
  },
  {
    name: 'refuses a $ref to something that is not a schema (#/default)',
    keywords: ['$ref'],
    schema: { type: 'object', properties: { a: { $ref: '#/default' } }, default: { type: 'string' } },
    error: /\$ref "#\/default", which points at "#\/default", which is not a schema/,
    path: '/properties/a',
  },
  {
    name: 'refuses a $ref to the schema false (#/additionalProperties)',
    keywords: ['$ref'],
    schema: { type: 'object', properties: { a: { $ref: '#/additionalProperties' } }, additionalProperties: false },
    error: /points at the schema `false`/,
    path: '/properties/a',
  },
  {
    name: 'refuses unresolvable and non-local references',
    keywords: ['$ref'],
    schema: object({ a: { $ref: '#/$defs/Missing' } }),
    error: /does not resolve inside the schema/,
    path: '/properties/a',
  },
  {
    name: 'refuses a reference to another document',
    keywords: ['$ref'],
    schema: object({ a: { $ref: 'https://example.com/schema.json' } }),
    error: /not a local reference/,
    path: '/properties/a',
  },
  {
    name: 'refuses a malformed percent-escape in a $ref as a definition error, not a URIError (item 5)',
    keywords: ['$ref'],
    schema: object({ a: { $ref: '#/$defs/%E0%A4%A' } }),
    error: /malformed percent-escape/,
    path: '/properties/a',
  },
  {
    name: 'accepts a chain of ten bare $refs',
    keywords: ['$ref'],
    schema: { ...object({ a: { $ref: '#/$defs/D0' } }), $defs: shortChain },
    accepts: [{ a: 'x' }],
  },
  {
    name: 'refuses a chain of a thousand bare $refs (64 hops at most, item 4)',
    keywords: ['$ref'],
    schema: { ...object({ a: { $ref: '#/$defs/D0' } }), $defs: chain },
    error: /more than 64 \$ref hops/,
  },
  {
    name: 'refuses a pure cycle of $refs',
    keywords: ['$ref'],
    schema: { ...object({ a: { $ref: '#/$defs/A' } }), $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } },
    error: /cycle of references with no schema in it/,
  },
  {
    name: 'hoists root recursion ($ref: "#") into a definition (item 5)',
    keywords: ['$ref'],
    schema: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#' } }, required: ['name'] },
    receives: [[{ name: 'a', child: { name: 'b', child: null } }, { name: 'a', child: { name: 'b', child: undefined } }]],
    sourceDiffers: true,
  },
  {
    name: 'keeps a recursive $ref with a sibling description as a described reference (item 6)',
    keywords: ['$ref', 'description'],
    schema: { ...object({ root: { $ref: '#/$defs/Node' } }), $defs: { Node: object({ name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/Node', description: 'A child node' } } }) } },
    accepts: [{ root: { name: 'a', kids: [{ name: 'b', kids: [] }] } }],
    rejects: [{ root: { name: 'a', kids: [{ name: 'b' }] } }],
  },
  {
    name: 'hoists a recursive $ref with sibling constraints into its own definition',
    keywords: ['$ref'],
    schema: { ...object({ root: { $ref: '#/$defs/Node' } }), $defs: { Node: object({ name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/Node', properties: { name: { enum: ['leaf', 'node'] } } } } }) } },
    accepts: [{ root: { name: 'top', kids: [{ name: 'leaf', kids: [] }] } }],
    rejects: [{ root: { name: 'top', kids: [{ name: 'other', kids: [] }] } }],
  },
  {
    name: 'resolves refs inside a nested $id against that scope (item 10)',
    keywords: ['$id', '$ref', '$defs'],
    schema: {
      $id: 'https://example.com/root.json',
      ...object({ inner: { $id: 'https://example.com/inner.json', ...object({ b: { $ref: '#/$defs/T' } }), $defs: { T: { type: 'integer' } } }, outer: { $ref: '#/$defs/T' } }),
      $defs: { T: { type: 'string' } },
    },
    accepts: [{ inner: { b: 1 }, outer: 'x' }],
    rejects: [{ inner: { b: 'x' }, outer: 'x' }, { inner: { b: 1 }, outer: 1 }],
  },
  {
    name: 'resolves a $ref by the URI of another resource in the same document, and by $anchor',
    keywords: ['$id', '$anchor', '$ref'],
    schema: object({
      a: { $ref: 'https://example.com/units.json' },
      b: { $ref: '#count' },
      c: { $id: 'https://example.com/units.json', type: 'string', enum: ['c', 'f'] },
      d: { $anchor: 'count', type: 'integer', minimum: 0 },
    }),
    accepts: [{ a: 'c', b: 2, c: 'f', d: 0 }],
    rejects: [{ a: 'k', b: 2, c: 'f', d: 0 }, { a: 'c', b: -1, c: 'f', d: 0 }],
  },
  // Described: moved to the description and checked locally.
  {
    name: 'describes minLength and maxLength and checks them locally',
    keywords: ['minLength', 'maxLength'],
    schema: object({ code: { type: 'string', minLength: 2, maxLength: 3, description: 'Code' } }),
    accepts: [{ code: 'ab' }],
    rejects: [{ code: 'a' }, { code: 'abcd' }],
  },
  {
    name: 'describes uniqueItems and checks it locally',
    keywords: ['uniqueItems'],
    schema: object({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true }, more: { type: 'array', items: { type: 'string' }, uniqueItems: false } }),
    accepts: [{ tags: ['a', 'b'], more: ['a', 'a'] }],
    rejects: [{ tags: ['a', 'a'], more: [] }],
  },
  {
    name: 'describes a pattern with lookaround or backreferences and checks it locally',
    keywords: ['pattern'],
    schema: object({ password: { type: 'string', pattern: '^(?=.*\\d)\\w{4,}$' }, twice: { type: 'string', pattern: '^(\\w)\\1$' } }),
    accepts: [{ password: 'abc1', twice: 'aa' }],
    rejects: [{ password: 'abcd', twice: 'aa' }, { password: 'abc1', twice: 'ab' }],
  },
  {
    name: 'refuses an invalid regular expression',
    keywords: ['pattern'],
    schema: object({ s: { type: 'string', pattern: '(' } }),
    error: /not a valid regular expression/,
    path: '/properties/s/pattern',
  },
  {
    name: 'describes formats outside the model list (uri) and checks them locally',
    keywords: ['format'],
    schema: object({ link: { type: 'string', format: 'uri' } }),
    accepts: [{ link: 'https://example.com' }],
    rejects: [{ link: 'not a uri' }],
  },
  {
    name: 'refuses a format neither the model nor the local validator knows',
    keywords: ['format'],
    schema: object({ phone: { type: 'string', format: 'phone' } }),
    error: /"phone", a format that is neither accepted by strict mode nor checked locally/,
    path: '/properties/phone/format',
  },
  {
    name: 'describes examples, deprecated and content annotations',
    keywords: ['examples', 'deprecated', 'contentEncoding', 'contentMediaType'],
    schema: object({ data: { type: 'string', description: 'Payload', examples: ['aGk=', 'eA=='], deprecated: true, contentEncoding: 'base64', contentMediaType: 'image/png' } }),
    accepts: [{ data: 'aGk=' }],
  },
  {
    name: 'describes a default of an optional property and passes it when null arrives (item 15)',
    keywords: ['default'],
    schema: { type: 'object', properties: { period: { type: 'string', enum: ['day', 'week', 'month'], default: 'week', description: 'Period' }, limit: { type: 'integer', default: 10 }, filter: { type: 'object', properties: { tag: { type: 'string' } }, default: { tag: 'all' } } } },
    receives: [
      [{ period: null, limit: null, filter: null }, { period: 'week', limit: 10, filter: { tag: 'all' } }],
      [{ period: 'day', limit: 2, filter: { tag: null } }, { period: 'day', limit: 2, filter: { tag: undefined } }],
    ],
    sourceDiffers: true,
  },
  {
    name: 'refuses a default that its own property schema does not accept',
    keywords: ['default'],
    schema: { type: 'object', properties: { period: { type: 'string', enum: ['day', 'week'], default: 'year' } } },
    error: /default.*"year", which the property's own schema does not accept/,
    path: '/properties/period/default',
  },
  {
    name: 'drops the default of a required property (a value always arrives)',
    keywords: ['default'],
    schema: object({ period: { type: 'string', default: 'week' } }),
    accepts: [{ period: 'day' }],
  },
  // Removed annotations and unknown keywords.
  {
    name: 'removes $schema, $comment, $vocabulary, readOnly, writeOnly, contentSchema and unknown keywords',
    keywords: ['$schema', '$comment', '$vocabulary', 'readOnly', 'writeOnly', 'contentSchema'],
    schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $vocabulary: {}, ...object({ a: { type: 'string', $comment: 'note', readOnly: true, writeOnly: false, contentSchema: { type: 'string' }, 'x-order': 1 } }) },
    accepts: [{ a: 'x' }],
    rewriteOnly: true,
  },
  {
    name: 'removes unevaluatedProperties: false and unevaluatedItems: false (strict objects are closed)',
    keywords: ['unevaluatedProperties', 'unevaluatedItems'],
    schema: { ...object({ a: { type: 'array', items: { type: 'string' }, unevaluatedItems: false } }), unevaluatedProperties: false },
    accepts: [{ a: ['x'] }],
    rewriteOnly: true,
  },
  {
    name: 'refuses unevaluatedProperties with a schema',
    keywords: ['unevaluatedProperties'],
    schema: object({ a: { type: 'object', properties: {}, unevaluatedProperties: { type: 'string' } } }),
    error: /unevaluatedProperties with a schema or true/,
    path: '/properties/a',
  },
  {
    name: 'refuses unevaluatedItems with a schema',
    keywords: ['unevaluatedItems'],
    schema: object({ a: { type: 'array', items: { type: 'string' }, unevaluatedItems: { type: 'string' } } }),
    error: /unevaluatedItems with a schema or true/,
    path: '/properties/a',
  },
  // Refused keywords.
  ...([
    ['not', { type: 'string', not: { const: 'x' } }, /`not`/],
    ['if', { type: 'string', if: { const: 'x' }, then: { maxLength: 1 } }, /if\/then\/else/],
    ['then', { type: 'string', then: { maxLength: 1 } }, /if\/then\/else/],
    ['else', { type: 'string', else: { maxLength: 1 } }, /if\/then\/else/],
    ['dependentRequired', { type: 'object', properties: { x: { type: 'string' } }, dependentRequired: { x: [] } }, /dependentRequired/],
    ['dependentSchemas', { type: 'object', properties: { x: { type: 'string' } }, dependentSchemas: { x: {} } }, /dependentSchemas/],
    ['dependencies', { type: 'object', properties: { x: { type: 'string' } }, dependencies: { x: [] } }, /dependencies/],
    ['patternProperties', { type: 'object', patternProperties: { '^x': { type: 'string' } } }, /patternProperties/],
    ['propertyNames', { type: 'object', properties: {}, propertyNames: { maxLength: 3 } }, /propertyNames/],
    ['minProperties', { type: 'object', properties: {}, minProperties: 1 }, /minProperties/],
    ['maxProperties', { type: 'object', properties: {}, maxProperties: 1 }, /maxProperties/],
    ['prefixItems', { type: 'array', prefixItems: [{ type: 'string' }] }, /tuple \(prefixItems\)/],
    ['additionalItems', { type: 'array', items: { type: 'string' }, additionalItems: false }, /tuple \(additionalItems\)/],
    ['items', { type: 'array', items: [{ type: 'string' }, { type: 'number' }] }, /tuple \(items is an array\)/],
    ['contains', { type: 'array', items: { type: 'string' }, contains: { const: 'x' } }, /`contains`/],
    ['minContains', { type: 'array', items: { type: 'string' }, minContains: 1 }, /`minContains`/],
    ['maxContains', { type: 'array', items: { type: 'string' }, maxContains: 1 }, /`maxContains`/],
    ['$dynamicRef', { type: 'string', $dynamicRef: '#node' }, /\$dynamicRef \(dynamic scopes\)/],
    ['$dynamicAnchor', { type: 'string', $dynamicAnchor: 'node' }, /\$dynamicAnchor/],
    ['$recursiveRef', { type: 'string', $recursiveRef: '#' }, /\$recursiveRef/],
    ['$recursiveAnchor', { type: 'string', $recursiveAnchor: true }, /\$recursiveAnchor/],
    ['nullable', { type: 'string', nullable: true }, /OpenAPI 3\.0.*type: \["string", "null"\]/],
  ] as Array<[string, unknown, RegExp]>).map(([keyword, schema, error]): StrictCase => ({
    name: `refuses ${keyword}`,
    keywords: [keyword],
    schema: object({ a: schema }),
    error,
    path: '/properties/a',
    rewriteOnly: true,
  })),
  // Shapes strict mode cannot express, and the guards.
  {
    name: 'refuses any, unknown and typeless schemas',
    keywords: [],
    schema: object({ a: {} }),
    error: /unconstrained.*`any` or `unknown`/,
    path: '/properties/a',
  },
  {
    name: 'refuses an array without items',
    keywords: ['items'],
    schema: object({ a: { type: 'array' } }),
    error: /without an items schema/,
    path: '/properties/a',
  },
  {
    name: 'refuses a thousand nested allOfs with a definition error, not a RangeError (item 5)',
    keywords: ['allOf'],
    schema: object({ a: deepAllOf }),
    error: /nested deeper than/,
  },
  {
    name: 'refuses a cyclic JavaScript object',
    keywords: [],
    schema: cyclic,
    error: /nest(ed|s objects) deeper than/,
  },
];

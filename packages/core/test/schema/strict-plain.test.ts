import { ajv } from '../../src/schema/ajv-instance';
import { DEFAULT_STRICT_LIMITS } from '../../src/schema/strict-limits';
import { localKeywordsOf } from '../../src/schema/strict-local-schema';
import { optionalDefaultsOf, optionalKeysOf } from '../../src/schema/strict-optional-keys';
import { plainStrictSchema } from '../../src/schema/strict-plain';
import { StrictRewriter } from '../../src/schema/strict-rewriter';
import type { JsonSchema } from '../../src/contracts/json-schema';

/** A small seeded generator (mulberry32), so a failure names a reproducible seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A schema of the plain subset: primitives with bounds and enums, arrays, nested objects. */
function plainSchema(next: () => number, depth = 0): JsonSchema {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const annotate = (node: JsonSchema): JsonSchema => {
    if (next() < 0.6) node.description = pick(['A thing.', 'Text to match.', 'How many.', '']);
    if (next() < 0.1) node.title = 'Title';
    return node;
  };
  const kind = pick(depth > 2 ? ['string', 'number', 'integer', 'boolean', 'enum'] : ['string', 'number', 'integer', 'boolean', 'enum', 'array', 'object', 'null']);
  switch (kind) {
    case 'number':
    case 'integer': {
      const node: JsonSchema = { type: kind };
      if (next() < 0.5) node.minimum = Math.floor(next() * 10);
      if (next() < 0.5) node.maximum = 10 + Math.floor(next() * 100);
      if (next() < 0.2) node.exclusiveMinimum = -1;
      if (next() < 0.1) node.multipleOf = 0.5;
      return annotate(node);
    }
    case 'enum': {
      const values = pick([['a', 'b'], ['x'], [1, 2, 3], ['on', null], [true, false]]);
      return annotate({ type: typeof values[0] === 'number' ? 'integer' : typeof values[0] === 'boolean' ? 'boolean' : 'string', enum: values });
    }
    case 'array': {
      const node: JsonSchema = { type: 'array', items: plainSchema(next, depth + 1) };
      if (next() < 0.3) node.minItems = 1;
      if (next() < 0.3) node.maxItems = 5;
      return annotate(node);
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = {};
      const count = Math.floor(next() * 5);
      for (let i = 0; i < count; i++) properties[`p${i}`] = plainSchema(next, depth + 1);
      const node: JsonSchema = { type: 'object', properties };
      const required = Object.keys(properties).filter(() => next() < 0.5);
      if (required.length > 0 || next() < 0.2) node.required = required;
      if (next() < 0.2) node.additionalProperties = false;
      return annotate(node);
    }
    default:
      return annotate({ type: kind });
  }
}

/** One change that leaves the plain subset (or makes the schema invalid) somewhere in it. */
function mutate(schema: JsonSchema, next: () => number): JsonSchema {
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  const nodes: JsonSchema[] = [];
  const walk = (node: JsonSchema): void => {
    nodes.push(node);
    for (const child of Object.values((node.properties ?? {}) as Record<string, JsonSchema>)) walk(child);
    if (node.items) walk(node.items as JsonSchema);
  };
  walk(copy);
  const node = nodes[Math.floor(next() * nodes.length)] as JsonSchema;
  const changes: Array<(n: JsonSchema) => void> = [
    (n) => { n.pattern = '^a'; },
    (n) => { n.minLength = 1; },
    (n) => { n.format = 'email'; },
    (n) => { n.default = 'x'; },
    (n) => { n.type = ['string', 'null']; },
    (n) => { n.type = 'strin'; },
    (n) => { delete n.type; },
    (n) => { n.anyOf = [{ type: 'string' }, { type: 'integer' }]; },
    (n) => { n.$ref = '#'; },
    (n) => { n.minimum = '1'; },
    (n) => { n.description = 3; },
    (n) => { n.enum = []; },
    (n) => { n.enum = ['a', 'a']; },
    (n) => { n.required = ['missing']; },
    (n) => { n.required = ['p0', 'p0']; },
    (n) => { n.additionalProperties = true; },
    (n) => { n.additionalProperties = { type: 'string' }; },
    (n) => { n.properties = []; },
    (n) => { n.items = [{ type: 'string' }]; },
    (n) => { n.minItems = -1; },
    (n) => { n.multipleOf = 0; },
    (n) => { n.examples = ['a']; },
    (n) => { n['x-vendor'] = 1; },
    (n) => { n.type = 'array'; delete n.items; },
  ];
  (changes[Math.floor(next() * changes.length)] as (n: JsonSchema) => void)(node);
  return copy;
}

/** The full rewrite, which the plain path must match exactly. */
const fullRewrite = (schema: JsonSchema): JsonSchema => new StrictRewriter(schema, DEFAULT_STRICT_LIMITS, undefined).run();

/** Side tables of every node of a rewritten schema, in walk order. */
function sideTables(node: unknown, out: unknown[] = []): unknown[] {
  if (typeof node !== 'object' || node === null) return out;
  out.push([optionalKeysOf(node), optionalDefaultsOf(node), localKeywordsOf(node)]);
  for (const value of Object.values(node)) sideTables(value, out);
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('plainStrictSchema (the one-pass strict rewrite of plain schemas)', () => {
  it('matches the full rewrite exactly (output, key order, side tables) on 3,000 generated plain schemas', () => {
    const next = random(15);
    for (let i = 0; i < 3000; i++) {
      const properties: Record<string, JsonSchema> = {};
      for (let p = 0; p < 1 + Math.floor(next() * 5); p++) properties[`f${p}`] = plainSchema(next, 1);
      const schema = deepFreeze({ type: 'object', properties, required: Object.keys(properties).filter(() => next() < 0.5) } as JsonSchema);
      const plain = plainStrictSchema(schema);
      if (plain === undefined) throw new Error(`seed 15, schema ${i} did not take the plain path: ${JSON.stringify(schema)}`);
      const full = fullRewrite(schema);
      expect(JSON.stringify(plain)).toBe(JSON.stringify(full));
      expect(sideTables(plain)).toEqual(sideTables(full));
      expect(ajv().validateSchema(schema)).toBe(true);
    }
  });

  it('hands every schema outside the plain subset or invalid to the full path (3,000 mutations), and agrees where it does not', () => {
    const next = random(1500);
    let declined = 0;
    for (let i = 0; i < 3000; i++) {
      const schema = deepFreeze(mutate({ type: 'object', properties: { a: plainSchema(next, 1), b: plainSchema(next, 1) }, required: ['a'] }, next));
      const plain = plainStrictSchema(schema);
      if (plain === undefined) {
        declined++;
        continue;
      }
      // Only changes that keep a schema plain and valid get here (a description at the root, ...).
      expect(ajv().validateSchema(schema)).toBe(true);
      expect(JSON.stringify(plain)).toBe(JSON.stringify(fullRewrite(schema)));
    }
    expect(declined).toBeGreaterThan(2000);
  });

  it('copies what it keeps: the output shares no object with the input', () => {
    const input = deepFreeze({ type: 'object', properties: { mode: { type: 'string', enum: ['a', 'b'] }, tags: { type: 'array', items: { type: 'string' } } }, required: ['mode'] } as JsonSchema);
    const out = plainStrictSchema(input) as JsonSchema;
    const inputs = new Set<unknown>();
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      inputs.add(node);
      Object.values(node).forEach(collect);
    };
    collect(input);
    const shared: unknown[] = [];
    const check = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if (inputs.has(node)) shared.push(node);
      Object.values(node).forEach(check);
    };
    check(out);
    expect(shared).toEqual([]);
    expect((out.properties as JsonSchema).tags).toEqual({ anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] });
  });

  it('declines roots that are not closed-object schemas, and limits it would reach', () => {
    expect(plainStrictSchema({ type: 'string' })).toBeUndefined();
    expect(plainStrictSchema({ properties: {} })).toBeUndefined();
    expect(plainStrictSchema(null)).toBeUndefined();
    expect(plainStrictSchema([])).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: DEFAULT_STRICT_LIMITS.maxEnumValues + 1 }, (_, i) => [`p${i}`, { type: 'string', enum: [`v${i}`] }]));
    expect(plainStrictSchema({ type: 'object', properties: many })).toBeUndefined();
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i <= DEFAULT_STRICT_LIMITS.maxObjectDepth + 1; i++) deep = { type: 'object', properties: { x: deep }, required: ['x'] };
    expect(plainStrictSchema(deep)).toBeUndefined();
    const cyclic: JsonSchema = { type: 'object', properties: {} };
    (cyclic.properties as JsonSchema).self = cyclic;
    expect(plainStrictSchema(cyclic)).toBeUndefined();
  });
});

import { ToolArgumentsError, ToolDefinitionError, defineTool, parseToolArguments, toStrictSchema, type JsonSchema } from '@toolwright/core';

// Issue 30: the 64-hop $ref limit is counted on the references alone — the same chain is refused
// (with the same error) whatever the order of its $defs keys — and a chain a validator could not
// compile is refused when the tool is defined, strict or not, so calls only ever fail with
// ToolArgumentsError for bad arguments.

type Order = 'forward' | 'reverse' | 'shuffled';
const ORDERS: Order[] = ['forward', 'reverse', 'shuffled'];

/** A deterministic shuffle (a linear congruential generator), so a failure can be replayed. */
function shuffle<T>(items: T[]): T[] {
  let seed = 42;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function ordered(defs: Array<[string, unknown]>, order: Order): Record<string, unknown> {
  const list = order === 'forward' ? defs : order === 'reverse' ? [...defs].reverse() : shuffle(defs);
  return Object.fromEntries(list);
}

/** Property a → D0 → D1 → … → Dn (a string): n + 1 hops of bare refs. */
function bareChain(n: number, order: Order): JsonSchema {
  const defs = Array.from({ length: n + 1 }, (_, i): [string, unknown] => [`D${i}`, i === n ? { type: 'string' } : { $ref: `#/$defs/D${i + 1}` }]);
  return { type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, required: ['a'], $defs: ordered(defs, order) };
}

/** Objects nested through refs: Di has a property next → D(i+1); n + 1 hops, each inside the last. */
function nestedChain(n: number, order: Order): JsonSchema {
  const defs = Array.from({ length: n + 1 }, (_, i): [string, unknown] => [
    `D${i}`,
    i === n ? { type: 'string' } : { type: 'object', properties: { next: { $ref: `#/$defs/D${i + 1}` } }, required: ['next'] },
  ]);
  return { type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, required: ['a'], $defs: ordered(defs, order) };
}

function refusal(define: () => unknown): ToolDefinitionError {
  try {
    define();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error('the schema was accepted');
}

const strictTool = (parameters: JsonSchema) => defineTool({ name: 'chain', description: 'd', parameters, invoke: () => 'ok' });
const looseTool = (parameters: JsonSchema) => defineTool({ name: 'chain', description: 'd', parameters, strict: false, invoke: () => 'ok' });

describe('the $ref hop limit', () => {
  describe.each([
    ['a chain of bare refs', bareChain],
    ['objects nested through refs', nestedChain],
  ])('for %s', (_what, chain) => {
    it.each([[100], [6000]])('refuses %p definitions with the same error in every $defs order, through toStrictSchema and defineTool, strict or not', (n) => {
      const hops = n + 1;
      const expected = `Tool "chain": field "a" (schema path /properties/a) has $ref "#/$defs/D0", which follows more than 64 $ref hops (a chain of ${hops}, counted on the references alone, whatever the order of the definitions). Fix: shorten the chain of references.`;
      for (const order of ORDERS) {
        expect(refusal(() => toStrictSchema(chain(n, order), { toolName: 'chain' })).message).toBe(expected);
        expect(refusal(() => strictTool(chain(n, order))).message).toBe(expected);
        expect(refusal(() => looseTool(chain(n, order))).message).toBe(expected);
      }
    });

    it('accepts 64 hops in every order, and a call with bad arguments is a ToolArgumentsError, strict or not', () => {
      for (const order of ORDERS) {
        for (const tool of [strictTool(chain(63, order)), looseTool(chain(63, order))]) {
          expect(() => parseToolArguments(tool, JSON.stringify({ a: 1.5 }))).toThrow(ToolArgumentsError);
        }
      }
    });
  });

  it('refuses a chain that starts in a definition no property uses, naming the definition whatever the order', () => {
    for (const order of ORDERS) {
      const { properties: _unused, ...schema } = bareChain(100, order);
      const error = refusal(() => toStrictSchema({ ...schema, type: 'object', properties: { b: { type: 'string' } } }, { toolName: 'chain' }));
      expect(error.message).toMatch(/^Tool "chain": field "D0" \(schema path \/\$defs\/D0\) has \$ref "#\/\$defs\/D1", which follows more than 64 \$ref hops \(a chain of 100,/);
    }
  });

  it('counts a cycle of definitions one hop per member: a 6,000-member cycle is refused, recursive types are not', () => {
    const ring = (n: number): JsonSchema => ({
      type: 'object',
      properties: { a: { $ref: '#/$defs/R0' } },
      required: ['a'],
      $defs: Object.fromEntries(Array.from({ length: n }, (_, i) => [`R${i}`, { type: 'object', properties: { next: { anyOf: [{ $ref: `#/$defs/R${(i + 1) % n}` }, { type: 'null' }] } }, required: ['next'] }])),
    });
    expect(refusal(() => looseTool(ring(6000))).message).toMatch(/which follows more than 64 \$ref hops/);
    expect(refusal(() => strictTool(ring(6000))).message).toMatch(/which follows more than 64 \$ref hops/);
    const tree: JsonSchema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } }, label: { type: 'string' } }, required: ['children', 'label'] } },
    };
    for (const tool of [strictTool(tree), looseTool(tree), strictTool(ring(3)), looseTool(ring(3))]) {
      expect(() => parseToolArguments(tool, JSON.stringify({ root: { children: [{ children: 1, label: 'x' }], label: 'y' }, a: 5 }))).toThrow(ToolArgumentsError);
    }
  });
});

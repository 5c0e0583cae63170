import type { JsonSchema } from '../contracts/json-schema';
import { isSchemaObject, sameJson } from './schema-utils';

type Resolve = (ref: string) => JsonSchema | undefined;

/**
 * Whether no value can match two of the rewritten branches at once, so that `anyOf` means the
 * same as the `oneOf` it came from: branches whose types do not overlap, whose constant values
 * differ, or closed objects that differ in the constant value of a shared property (a
 * discriminator such as `kind`). `false` when it cannot tell.
 *
 * @internal
 */
export function provablyDisjoint(branches: readonly JsonSchema[], resolve: Resolve): boolean {
  const nodes = branches.map((b) => follow(b, resolve));
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      if (!disjoint(nodes[i], nodes[j], resolve)) return false;
    }
  }
  return true;
}

function follow(node: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  let current = node;
  for (let i = 0; i < 16 && current !== undefined && typeof current.$ref === 'string'; i++) current = resolve(current.$ref);
  return current;
}

function disjoint(a: JsonSchema | undefined, b: JsonSchema | undefined, resolve: Resolve): boolean {
  if (a === undefined || b === undefined || 'anyOf' in a || 'anyOf' in b) return false;
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta !== undefined && tb !== undefined && !ta.some((t) => tb.includes(t))) return true;
  const va = valuesOf(a);
  const vb = valuesOf(b);
  if (va !== undefined && vb !== undefined && !va.some((x) => vb.some((y) => sameJson(x, y)))) return true;
  const objectsOnly = ta?.length === 1 && ta[0] === 'object' && tb?.length === 1 && tb[0] === 'object';
  if (objectsOnly && isSchemaObject(a.properties) && isSchemaObject(b.properties)) {
    for (const key of Object.keys(a.properties)) {
      if (!(key in b.properties)) continue;
      const pa = follow(a.properties[key] as JsonSchema, resolve);
      const pb = follow(b.properties[key] as JsonSchema, resolve);
      const xa = pa && valuesOf(pa);
      const xb = pb && valuesOf(pb);
      if (xa !== undefined && xb !== undefined && !xa.some((x) => xb.some((y) => sameJson(x, y)))) return true;
    }
  }
  return false;
}

/** The JSON types a node admits (`integer` counted as `number`), or `undefined` when untyped. */
function typesOf(node: JsonSchema): string[] | undefined {
  const raw = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : undefined;
  return raw?.map((t) => (t === 'integer' ? 'number' : t));
}

/** The exact values a node admits (`const` or `enum`), or `undefined` when not enumerated. */
function valuesOf(node: JsonSchema): unknown[] | undefined {
  if ('const' in node) return [node.const];
  return Array.isArray(node.enum) ? node.enum : undefined;
}

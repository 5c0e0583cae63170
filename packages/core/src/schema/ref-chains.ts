import type { JsonSchema } from '../contracts/json-schema';
import { escapePointerSegment } from './json-pointer';
import { ONE_SCHEMA, RefProblem, RefResolver, SCHEMA_LIST, SCHEMA_MAP, type ResolvedRef } from './ref-resolver';
import { isSchemaObject } from './schema-utils';
import { DEFAULT_STRICT_LIMITS, type StrictSchemaLimits } from './strict-limits';
import { isConstraint, strictFailure } from './strict-refusals';

/** The start of a chain of `$ref`s longer than the limit: the first ref of it, and where it is written. @internal */
export interface LongRefChain {
  /** The JSON pointer of the node holding the `$ref`. */
  path: string;
  ref: string;
  /** The hops counted (at least; a cycle of several definitions counts one per member). */
  hops: number;
}

/** An edge of the reference graph: a `$ref` (weight 1) or a referenced node nested inside another (0). */
interface Edge {
  to: number;
  weight: 0 | 1;
  ref: string;
  path: string;
}

/** A graph node: a schema the document refers to (or the root, or a root definition). */
interface GraphNode {
  schema: JsonSchema;
  base: string;
  path: string;
  edges: Edge[];
}

/**
 * Throws `fail(path, what, fix)` for the first `$ref` of a chain longer than `maxRefHops` (see
 * {@link longRefChain}), or for a schema too large to measure. @internal
 */
export function assertShortRefChains(
  root: JsonSchema,
  resolver: RefResolver,
  limits: Pick<StrictSchemaLimits, 'maxRefHops' | 'maxNodes'>,
  fail: (path: string, what: string, fix: string) => Error,
): void {
  const { maxRefHops, maxNodes } = limits;
  // Schemas nested in several referenced ones are looked at once for each: a generous bound.
  const chain = longRefChain(root, resolver, maxRefHops, 16 * maxNodes, () => {
    throw fail('', `is too large to measure its chains of $refs (more than ${16 * maxNodes} schema nodes looked at)`, 'simplify the schema');
  });
  if (chain === undefined) return;
  const what = `has $ref "${chain.ref}", which follows more than ${maxRefHops} $ref hops (a chain of ${chain.hops}, counted on the references alone, whatever the order of the definitions)`;
  throw fail(chain.path, what, 'shorten the chain of references');
}

/**
 * The check of `defineTool` and decorated tools, strict or not (a validator follows `$ref`s one
 * inside the other when it is compiled, at the first call): throws `ToolDefinitionError` for a
 * chain of `$ref`s past the default limit. @internal
 */
export function assertDefinableRefChains(schema: JsonSchema, toolName: string | undefined): void {
  const resolver = new RefResolver(schema, 4 * DEFAULT_STRICT_LIMITS.maxSchemaDepth);
  assertShortRefChains(schema, resolver, DEFAULT_STRICT_LIMITS, (path, what, fix) => strictFailure(toolName, path, what, fix));
}

/**
 * Whether following bare `$ref`s (refs with no constraint beside them) from `start` leads into a
 * cycle with no schema in it. Nodes found to lead out of one are added to `checked`, so a later
 * walk stops there. @internal
 */
export function leadsIntoBareRefCycle(start: ResolvedRef, resolve: (ref: string, base: string) => ResolvedRef, checked: WeakSet<object>): boolean {
  const seen = new Set<object>();
  let current = start;
  while (isSchemaObject(current.target) && typeof current.target.$ref === 'string' && !Object.keys(current.target).some((k) => k !== '$ref' && isConstraint(k))) {
    const node = current.target;
    if (checked.has(node)) break;
    if (seen.has(node)) return true;
    seen.add(node);
    current = resolve(node.$ref as string, current.base);
  }
  for (const node of seen) checked.add(node);
  return false;
}

/**
 * The longest chain of `$ref`s a validator may have to follow one inside the other, from the root
 * or from a root definition, counted on the graph of references alone — so the answer does not
 * depend on the order of the `$defs` keys, or on which definition was looked at first. A
 * reference inside a referenced schema continues the chain (a validator compiles it nested); a
 * group of definitions that refer to each other in a cycle (recursive types) counts one hop per
 * member, a schema referring to itself none. Refs that do not resolve are left to the caller's
 * own checks. Returns the first ref of the longest chain when it has more than `limit` hops.
 *
 * `maxVisits` bounds the work (schema nodes looked at); `onTooLarge` is called past it.
 *
 * @internal
 */
export function longRefChain(root: JsonSchema, resolver: RefResolver, limit: number, maxVisits: number, onTooLarge: () => never): LongRefChain | undefined {
  const nodes: GraphNode[] = [];
  const index = new Map<object, number>();
  const add = (schema: JsonSchema, base: string, path: string): number => {
    let i = index.get(schema);
    if (i === undefined) {
      i = nodes.push({ schema, base, path, edges: [] }) - 1;
      index.set(schema, i);
    }
    return i;
  };
  const starts = [add(root, resolver.rootBase, '')];
  for (const container of ['$defs', 'definitions'] as const) {
    const entries = root[container];
    if (!isSchemaObject(entries)) continue;
    for (const name of Object.keys(entries)) {
      const entry = entries[name];
      if (isSchemaObject(entry)) starts.push(add(entry, resolver.rootBase, `/${container}/${escapePointerSegment(name)}`));
    }
  }
  let visits = 0;
  for (let i = 0; i < nodes.length; i++) {
    const owner = nodes[i];
    const stack: Array<{ node: unknown; base: string; path: string }> = [{ node: owner.schema, base: owner.base, path: owner.path }];
    const seen = new Set<object>();
    while (stack.length > 0) {
      const { node, base: around, path } = stack.pop()!;
      if (!isSchemaObject(node) || seen.has(node)) continue;
      if (++visits > maxVisits) onTooLarge();
      seen.add(node);
      const known = index.get(node);
      if (known !== undefined && known !== i) {
        owner.edges.push({ to: known, weight: 0, ref: '', path });
        continue;
      }
      const base = resolver.baseOf(node, around);
      if (typeof node.$ref === 'string') {
        const target = resolveQuietly(resolver, node.$ref, base);
        if (target !== undefined) owner.edges.push({ to: add(target.schema, target.base, target.pointer), weight: 1, ref: node.$ref, path });
      }
      const children: Array<{ node: unknown; base: string; path: string }> = [];
      for (const key of Object.keys(node)) {
        const value = node[key];
        const at = `${path}/${escapePointerSegment(key)}`;
        if (ONE_SCHEMA.has(key) && !Array.isArray(value)) children.push({ node: value, base, path: at });
        else if (SCHEMA_MAP.has(key) && key !== '$defs' && key !== 'definitions' && isSchemaObject(value)) {
          for (const name of Object.keys(value)) children.push({ node: value[name], base, path: `${at}/${escapePointerSegment(name)}` });
        } else if (SCHEMA_LIST.has(key) && Array.isArray(value)) value.forEach((item, n) => children.push({ node: item, base, path: `${at}/${n}` }));
      }
      // Reversed onto the stack: the first keyword's schemas are looked at first.
      for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]);
    }
  }
  return longestFrom(nodes, starts, limit);
}

function resolveQuietly(resolver: RefResolver, ref: string, base: string): { schema: JsonSchema; base: string; pointer: string } | undefined {
  try {
    const resolved = resolver.resolve(ref, base);
    return isSchemaObject(resolved.target) ? { schema: resolved.target, base: resolved.base, pointer: resolved.pointer } : undefined;
  } catch (error) {
    if (error instanceof RefProblem) return undefined;
    throw error;
  }
}

/** The longest weighted path from any start, over the graph's strongly connected components. */
function longestFrom(nodes: readonly GraphNode[], starts: readonly number[], limit: number): LongRefChain | undefined {
  const component = components(nodes);
  const count = component.reduce((max, c) => Math.max(max, c + 1), 0);
  const members: number[][] = Array.from({ length: count }, () => []);
  nodes.forEach((_, i) => members[component[i]].push(i));
  // Tarjan numbers components in reverse topological order: every edge leaving a component goes
  // to one with a smaller number, already measured.
  const length = new Array<number>(count).fill(0);
  const best = new Array<Edge | undefined>(count);
  for (let c = 0; c < count; c++) {
    let longest = 0;
    for (const i of members[c]) {
      for (const edge of nodes[i].edges) {
        if (component[edge.to] === c) continue;
        const through = edge.weight + length[component[edge.to]];
        if (through > longest || (best[c] === undefined && through === longest)) {
          longest = through;
          best[c] = edge;
        }
      }
    }
    length[c] = longest + (members[c].length > 1 ? members[c].length : 0);
  }
  let start = starts[0];
  for (const s of starts) if (length[component[s]] > length[component[start]]) start = s;
  const hops = length[component[start]];
  if (hops <= limit) return undefined;
  // Report the first `$ref` of that chain: follow the longest path past nested schemas.
  let at = start;
  for (;;) {
    const inside = nodes[at].edges.find((e) => e.weight === 1 && component[e.to] === component[at]);
    const edge = members[component[at]].length > 1 && inside ? inside : best[component[at]];
    if (edge === undefined) break;
    if (edge.weight === 1) return { path: edge.path, ref: edge.ref, hops };
    at = edge.to;
  }
  return { path: nodes[start].path, ref: '', hops };
}

/** Tarjan's strongly connected components, without recursion (graphs can be long chains). */
function components(nodes: readonly GraphNode[]): number[] {
  const order = new Array<number>(nodes.length).fill(-1);
  const low = new Array<number>(nodes.length).fill(0);
  const component = new Array<number>(nodes.length).fill(-1);
  const onStack = new Array<boolean>(nodes.length).fill(false);
  const stack: number[] = [];
  let counter = 0;
  let found = 0;
  for (let root = 0; root < nodes.length; root++) {
    if (order[root] !== -1) continue;
    const work: Array<[node: number, edge: number]> = [[root, 0]];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, e] = frame;
      if (e < nodes[v].edges.length) {
        frame[1]++;
        const w = nodes[v].edges[e].to;
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = true;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === order[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          component[w] = found;
        } while (w !== v);
        found++;
      }
    }
  }
  return component;
}

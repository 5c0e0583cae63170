import { cloneJson, refName, type Definitions, type SchemaNode } from './json-schema-utils';

/**
 * Makes a tool's schema self-contained: every reference to a non-recursive definition is
 * replaced by a copy of it, and only recursive definitions remain, under `$defs` with names
 * made of `[A-Za-z0-9_.-]` (`Page<Loc>` becomes `Page_Loc_`).
 */
export function inlineDefinitions(root: SchemaNode, definitions: Definitions): SchemaNode {
  const recursive = recursiveDefinitions(definitions);
  const kept = new Map<string, string>();
  const keep = (name: string): string => {
    let safe = kept.get(name);
    if (safe === undefined) {
      safe = uniqueSafeName(name, new Set(kept.values()));
      kept.set(name, safe);
    }
    return safe;
  };
  const rewrite = (value: unknown, inlining: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, inlining));
    if (value === null || typeof value !== 'object') return value;
    const node = value as SchemaNode;
    const name = refName(node.$ref);
    if (name !== undefined && definitions[name]) {
      const { $ref: _ref, ...siblings } = node;
      if (recursive.has(name) || inlining.includes(name)) {
        return { ...rewriteObject(siblings, inlining), $ref: `#/$defs/${keep(name)}` };
      }
      const inlined = rewrite(cloneJson(definitions[name]), [...inlining, name]) as SchemaNode;
      return { ...inlined, ...rewriteObject(siblings, inlining) };
    }
    return rewriteObject(node, inlining);
  };
  const rewriteObject = (node: Record<string, unknown>, inlining: string[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) result[key] = rewrite(child, inlining);
    return result;
  };
  const result = rewrite(root, []) as SchemaNode;
  const defs: Definitions = {};
  for (let done = 0; done < kept.size; done++) {
    const [name, safe] = [...kept][done];
    defs[safe] = rewrite(cloneJson(definitions[name]), [name]) as SchemaNode;
  }
  if (Object.keys(defs).length > 0) result.$defs = defs;
  return result;
}

/** Definitions that can reach themselves through `$ref`s. */
function recursiveDefinitions(definitions: Definitions): Set<string> {
  const edges = new Map<string, Set<string>>();
  for (const [name, definition] of Object.entries(definitions)) edges.set(name, referencedNames(definition));
  const recursive = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const pending = [...(edges.get(start) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop() as string;
      if (next === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(...(edges.get(next) ?? []));
    }
  }
  return recursive;
}

function referencedNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => referencedNames(item, names));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref') {
        const name = refName(child);
        if (name !== undefined) names.add(name);
      } else referencedNames(child, names);
    }
  }
  return names;
}

function uniqueSafeName(name: string, taken: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}

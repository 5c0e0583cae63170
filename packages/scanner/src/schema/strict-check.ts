import { refName, type SchemaNode } from './json-schema-utils';

/** Something strict mode cannot express, at a field path of the argument object. */
export interface StrictIssue {
  /** Field path segments (`['trip', 'stops', '[]']`); empty for the argument object itself. */
  path: string[];
  message: string;
  fix: string;
}

const TYPED_KEYWORDS = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'properties', 'items', 'not'];

const STRICT_FALSE = 'or set `strict: false` on @Tool to advertise a non-strict schema';

/**
 * Finds the shapes OpenAI's strict mode cannot express in a (loose) tool schema: unconstrained
 * values (`any`, `unknown`), maps with arbitrary keys (`Record<string, T>`, index signatures,
 * `additionalProperties` other than `false`), `patternProperties`, tuples, and objects with no declared
 * properties. These are the same shapes core's `toStrictSchema` rejects at registration.
 */
export function findStrictIssues(schema: SchemaNode): StrictIssue[] {
  const issues: StrictIssue[] = [];
  const defs = (schema.$defs ?? {}) as Record<string, SchemaNode>;
  const visitedDefs = new Set<string>();
  const visit = (node: unknown, path: string[], isRoot: boolean): void => {
    if (node === true || (node !== null && typeof node === 'object' && !Array.isArray(node) && isUnconstrained(node as SchemaNode))) {
      issues.push({
        path,
        message: 'is `any` or `unknown`, so its schema admits any value, which strict mode cannot express',
        fix: `give it a concrete type ${STRICT_FALSE}`,
      });
      return;
    }
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const schema = node as SchemaNode;
    const name = refName(schema.$ref);
    if (name !== undefined) {
      if (!visitedDefs.has(name) && defs[name]) {
        visitedDefs.add(name);
        visit(defs[name], path, false);
      }
      return;
    }
    const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined;
    if (isObject) {
      const extra = schema.additionalProperties;
      if ((extra !== undefined && extra !== false) || schema.patternProperties !== undefined) {
        issues.push({
          path,
          message: 'is a map with arbitrary keys (Record<string, T> or an index signature), which strict mode cannot express',
          fix: `use an interface with known keys or an array of { key, value } objects, ${STRICT_FALSE}`,
        });
      } else if (schema.properties === undefined && !isRoot) {
        issues.push({
          path,
          message: 'is an object with no declared properties (`object` or `{}`), which strict mode cannot express',
          fix: `declare its properties with an interface or class, ${STRICT_FALSE}`,
        });
      }
      for (const [key, child] of Object.entries(schema.properties ?? {})) visit(child, [...path, key], false);
      if (extra !== undefined && typeof extra === 'object') visit(extra, [...path, '*'], false);
    }
    if (Array.isArray(schema.items) || schema.prefixItems !== undefined) {
      issues.push({
        path,
        message: 'is a tuple ([A, B]), which strict mode cannot express',
        fix: `use an object with named properties or an array of one item type, ${STRICT_FALSE}`,
      });
    }
    if (Array.isArray(schema.items)) schema.items.forEach((item, index) => visit(item, [...path, `[${index}]`], false));
    else if (schema.items !== undefined) visit(schema.items, [...path, '[]'], false);
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) branches.forEach((branch) => visit(branch, path, false));
    }
  };
  visit(schema, [], true);
  return issues;
}

function isUnconstrained(node: SchemaNode): boolean {
  return !TYPED_KEYWORDS.some((keyword) => keyword in node);
}

/** `['trip', 'stops', '[]', 'at']` → `trip.stops[].at`. */
export function formatFieldPath(path: string[]): string {
  return path.reduce((text, segment) => (segment.startsWith('[') || text === '' ? `${text}${segment}` : `${text}.${segment}`), '');
}

import type { JsonSchema } from '../contracts/json-schema';
import { isSchemaObject, sameJson, withoutUndefined } from './schema-utils';

/** A schema no value satisfies, and why (the caller decides whether that is an error). @internal */
export class Unsatisfiable {
  constructor(readonly reason: string) {}
}

/** A schema and the base URI its `$ref`s resolve against. @internal */
export interface Located {
  schema: JsonSchema;
  base: string;
}

/** What merging needs from the strict rewriter. @internal */
export interface MergeHost {
  resolve(ref: string, base: string): { target: unknown; base: string };
  baseOf(node: object, around: string): string;
  noteBase(node: unknown, base: string): void;
  /** Throws: the merge cannot be expressed exactly as one schema. */
  fail(what: string, fix: string): never;
  /** Counts one schema node against the size limit. */
  count(): void;
  /** Throws when a keyword of a merged node has a value of the wrong kind. */
  check(node: JsonSchema): void;
  readonly maxDepth: number;
  readonly maxRefHops: number;
}

const LOWER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minContains', 'minProperties']);
const UPPER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxContains', 'maxProperties']);
const ONE_SCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'prefixItems']);
const SKIPPED = new Set(['$id', '$anchor', '$schema', '$defs', 'definitions', 'properties', 'additionalProperties', 'required']);
const MAX_BRANCHES = 256;
const MERGE_FIX = 'make the schemas agree (allOf members, a $ref and the keywords beside it, a union and the constraints beside it)';

/**
 * Exact intersection of JSON schemas: the result accepts a value if and only if both inputs do.
 * Used for `allOf`, for `$ref` with sibling keywords and to distribute constraints into the
 * branches of a union. Bounds combine (the larger minimum wins), enums intersect, properties
 * merge (a closed side drops or refuses the other's extra names), unions form the product of
 * their branches. What one schema cannot say exactly (two different patterns or formats, two
 * `oneOf`s) is refused through the host; a conflict yields {@link Unsatisfiable}.
 *
 * @internal
 */
export class SchemaMerger {
  private readonly flattening = new Set<object>();

  constructor(private readonly host: MergeHost) {}

  /** `node` without a top-level `$ref` or `allOf`: followed and merged. */
  flatten(node: unknown, base: string, depth = 0, hops = 0): Located | Unsatisfiable {
    if (node === true) return { schema: {}, base };
    if (node === false) return new Unsatisfiable('the schema `false` accepts no value');
    if (!isSchemaObject(node)) return this.host.fail(`contains ${describe(node)} where a schema belongs`, 'use a JSON schema object');
    if (depth > this.host.maxDepth) return this.host.fail(`is nested deeper than ${this.host.maxDepth} schema levels (through $ref and allOf)`, 'flatten the schema');
    const schema = withoutUndefined(node);
    this.host.check(schema);
    const inner = this.host.baseOf(node, base);
    if (typeof schema.$ref !== 'string' && !Array.isArray(schema.allOf)) return { schema, base: inner };
    if (this.flattening.has(node)) {
      return this.host.fail('is defined in terms of itself ($ref or allOf cycle with no schema in between)', 'break the cycle with a real schema (an object with properties, a type, ...)');
    }
    if (hops > this.host.maxRefHops) return this.host.fail(`follows more than ${this.host.maxRefHops} $ref hops`, 'shorten the chain of references');
    this.flattening.add(node);
    try {
      const { $ref, allOf, ...rest } = schema;
      let acc: Located | Unsatisfiable = { schema: rest, base: inner };
      if (typeof $ref === 'string') {
        const target = this.host.resolve($ref, inner);
        const flat = this.flatten(target.target, target.base, depth + 1, hops + 1);
        acc = Object.keys(rest).length === 0 ? flat : this.intersect(acc, flat, depth + 1);
      } else if ($ref !== undefined) {
        acc = { schema: { ...rest, $ref }, base: inner };
      }
      for (const member of Array.isArray(allOf) ? allOf : []) {
        if (acc instanceof Unsatisfiable) break;
        acc = this.intersect(acc, this.flatten(member, inner, depth + 1, hops), depth + 1);
      }
      return acc;
    } finally {
      this.flattening.delete(node);
    }
  }

  /** The schema accepting exactly the values both `a` and `b` accept (`a`'s annotations win). */
  intersect(a: Located | Unsatisfiable, b: Located | Unsatisfiable, depth = 0): Located | Unsatisfiable {
    if (a instanceof Unsatisfiable) return a;
    if (b instanceof Unsatisfiable) return b;
    this.host.count();
    if (depth > this.host.maxDepth) this.host.fail(`nests merged schemas deeper than ${this.host.maxDepth} levels`, 'simplify the allOf or $ref structure');
    const fa = this.flatten(a.schema, a.base, depth);
    if (fa instanceof Unsatisfiable) return fa;
    const fb = this.flatten(b.schema, b.base, depth);
    if (fb instanceof Unsatisfiable) return fb;
    const A = fa.schema;
    const B = fb.schema;
    const out: JsonSchema = {};
    for (const key of Object.keys(A)) {
      if (SKIPPED.has(key)) continue;
      if (!(key in B)) this.take(out, key, A[key], fa.base);
      else {
        const merged = this.mergeKeyword(key, A[key], B[key], fa, fb, depth);
        if (merged instanceof Unsatisfiable) return merged;
        out[key] = merged;
      }
    }
    for (const key of Object.keys(B)) if (!SKIPPED.has(key) && !(key in A)) this.take(out, key, B[key], fb.base);
    const objects = this.mergeObjects(out, fa, fb, depth);
    if (objects instanceof Unsatisfiable) return objects;
    const values = checkValues(out);
    return values ?? { schema: out, base: fa.base };
  }

  private take(out: JsonSchema, key: string, value: unknown, base: string): void {
    out[key] = value;
    if (ONE_SCHEMA.has(key)) this.host.noteBase(value, base);
    else if (SCHEMA_LIST.has(key) && Array.isArray(value)) for (const item of value) this.host.noteBase(item, base);
  }

  private mergeKeyword(key: string, a: unknown, b: unknown, fa: Located, fb: Located, depth: number): unknown {
    if (sameJson(a, b)) return a;
    if (LOWER.has(key) || UPPER.has(key)) {
      if (typeof a !== 'number' || typeof b !== 'number') return a;
      return LOWER.has(key) ? Math.max(a, b) : Math.min(a, b);
    }
    switch (key) {
      case 'type':
        return intersectTypes(a, b);
      case 'enum': {
        if (!Array.isArray(a) || !Array.isArray(b)) return a;
        const common = a.filter((v) => b.some((w) => sameJson(v, w)));
        return common.length > 0 ? common : new Unsatisfiable(`enum ${list(a)} and enum ${list(b)} have no value in common`);
      }
      case 'const':
        return new Unsatisfiable(`const ${JSON.stringify(a)} and const ${JSON.stringify(b)} differ`);
      case 'multipleOf':
        if (typeof a === 'number' && typeof b === 'number') {
          if (Number.isInteger(a / b)) return a;
          if (Number.isInteger(b / a)) return b;
        }
        return this.host.fail(`combines multipleOf ${String(a)} and ${String(b)}, which no single multipleOf expresses`, 'use one multipleOf');
      case 'uniqueItems':
        return a === true || b === true;
      case 'items':
        if (Array.isArray(a) || Array.isArray(b)) return a;
        return this.mergeChild(a, b, fa, fb, depth, 'items');
      case 'anyOf':
        return this.mergeBranches(a, b, fa, fb, depth);
      case 'pattern':
      case 'format':
      case 'oneOf':
        return this.host.fail(`combines two different ${key} values (${short(a)} and ${short(b)}), which one schema cannot express`, `keep one ${key}, or ${MERGE_FIX}`);
      default:
        // Annotations and unknown keywords constrain nothing, and a refused keyword is reported
        // as such by the rewriter: the first schema's value stands.
        return a;
    }
  }

  private mergeChild(a: unknown, b: unknown, fa: Located, fb: Located, depth: number, what: string): unknown {
    const merged = this.intersect({ schema: a as JsonSchema, base: fa.base }, { schema: b as JsonSchema, base: fb.base }, depth + 1);
    if (merged instanceof Unsatisfiable) {
      if (what === 'items') this.host.fail(`merges array items into a schema no value matches (${merged.reason})`, MERGE_FIX);
      return merged;
    }
    this.host.noteBase(merged.schema, merged.base);
    return merged.schema;
  }

  private mergeBranches(a: unknown, b: unknown, fa: Located, fb: Located, depth: number): unknown {
    if (!Array.isArray(a) || !Array.isArray(b)) return a;
    const branches: JsonSchema[] = [];
    for (const x of a) {
      for (const y of b) {
        const merged = this.intersect({ schema: x, base: fa.base }, { schema: y, base: fb.base }, depth + 1);
        if (merged instanceof Unsatisfiable) continue;
        this.host.noteBase(merged.schema, merged.base);
        branches.push(merged.schema);
        if (branches.length > MAX_BRANCHES) this.host.fail(`merges two unions into more than ${MAX_BRANCHES} branches`, 'simplify the unions');
      }
    }
    return branches.length > 0 ? branches : new Unsatisfiable('no branch of one anyOf overlaps a branch of the other');
  }

  /** Merges `properties`, `required` and `additionalProperties` (a closed side bars the other's extra names). */
  private mergeObjects(out: JsonSchema, fa: Located, fb: Located, depth: number): Unsatisfiable | undefined {
    const A = fa.schema;
    const B = fb.schema;
    const required = [...new Set([...(Array.isArray(A.required) ? A.required : []), ...(Array.isArray(B.required) ? B.required : [])])];
    if (A.required !== undefined && !Array.isArray(A.required)) out.required = A.required;
    else if (B.required !== undefined && !Array.isArray(B.required)) out.required = B.required;
    else if (A.required !== undefined || B.required !== undefined) out.required = required;
    const closedA = A.additionalProperties === false;
    const closedB = B.additionalProperties === false;
    if (closedA || closedB) out.additionalProperties = false;
    else if (A.additionalProperties !== undefined) this.take(out, 'additionalProperties', A.additionalProperties, fa.base);
    else if (B.additionalProperties !== undefined) this.take(out, 'additionalProperties', B.additionalProperties, fb.base);
    if (A.properties === undefined && B.properties === undefined && !closedA && !closedB) return undefined;
    const pa = isSchemaObject(A.properties) ? A.properties : {};
    const pb = isSchemaObject(B.properties) ? B.properties : {};
    const properties: JsonSchema = {};
    for (const name of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
      const inA = Object.prototype.hasOwnProperty.call(pa, name);
      const inB = Object.prototype.hasOwnProperty.call(pb, name);
      let child: unknown;
      if (inA && inB) {
        child = this.mergeChild(pa[name], pb[name], fa, fb, depth, 'property');
        if (child instanceof Unsatisfiable) {
          if (required.includes(name)) return new Unsatisfiable(`property "${name}": ${child.reason}`);
          continue;
        }
      } else if ((inA && closedB) || (inB && closedA)) {
        if (required.includes(name)) return new Unsatisfiable(`property "${name}" is required by one schema and not allowed by the other (additionalProperties: false)`);
        continue;
      } else {
        child = inA ? pa[name] : pb[name];
        this.host.noteBase(child, inA ? fa.base : fb.base);
      }
      properties[name] = child;
    }
    if (closedA || closedB) {
      const missing = required.find((name) => !(name in properties));
      if (missing !== undefined) return new Unsatisfiable(`property "${missing}" is required but not allowed (additionalProperties: false)`);
    }
    out.properties = properties;
    return undefined;
  }
}

/** Intersects two `type` keywords (`integer` is the common part of `integer` and `number`). */
function intersectTypes(a: unknown, b: unknown): unknown {
  const as = typeof a === 'string' ? [a] : Array.isArray(a) ? a : undefined;
  const bs = typeof b === 'string' ? [b] : Array.isArray(b) ? b : undefined;
  if (as === undefined || bs === undefined) return a;
  const common = new Set<string>();
  for (const x of as) {
    for (const y of bs) {
      if (x === y) common.add(x);
      else if ((x === 'integer' && y === 'number') || (x === 'number' && y === 'integer')) common.add('integer');
    }
  }
  if (common.size === 0) return new Unsatisfiable(`type ${JSON.stringify(a)} and type ${JSON.stringify(b)} have nothing in common`);
  const types = [...common];
  return types.length === 1 ? types[0] : types;
}

/** Drops enum values the type excludes and checks `const` against `type` and `enum`. */
function checkValues(out: JsonSchema): Unsatisfiable | undefined {
  const types = typeof out.type === 'string' ? [out.type] : Array.isArray(out.type) ? (out.type as string[]) : undefined;
  if (Array.isArray(out.enum) && types !== undefined) {
    const allowed = out.enum.filter((v) => hasType(v, types));
    if (allowed.length === 0) return new Unsatisfiable(`no value of enum ${list(out.enum)} has type ${JSON.stringify(out.type)}`);
    out.enum = allowed;
  }
  if ('const' in out) {
    if (types !== undefined && !hasType(out.const, types)) return new Unsatisfiable(`const ${JSON.stringify(out.const)} does not have type ${JSON.stringify(out.type)}`);
    if (Array.isArray(out.enum) && !out.enum.some((v) => sameJson(v, out.const))) return new Unsatisfiable(`const ${JSON.stringify(out.const)} is not in enum ${list(out.enum)}`);
  }
  return undefined;
}

/** Whether a JSON value has one of the JSON Schema types. */
export function hasType(value: unknown, types: readonly string[]): boolean {
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  switch (typeof value) {
    case 'string':
      return types.includes('string');
    case 'boolean':
      return types.includes('boolean');
    case 'number':
      return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
    case 'object':
      return types.includes('object');
    default:
      return false;
  }
}

function list(values: unknown[]): string {
  return `[${values.slice(0, 5).map((v) => JSON.stringify(v)).join(', ')}${values.length > 5 ? ', ...' : ''}]`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : String(value);
}

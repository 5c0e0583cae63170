import type { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { pointer } from './json-pointer';
import { assertShortRefChains, leadsIntoBareRefCycle } from './ref-chains';
import { DOCUMENT_BASE, RefProblem, RefResolver, type ResolvedRef } from './ref-resolver';
import { SchemaMerger, Unsatisfiable, type Located } from './schema-intersection';
import { isSchemaObject, withoutUndefined } from './schema-utils';
import { DefinitionTable, type DefinitionRecord } from './strict-definitions';
import { appendSentences } from './strict-descriptions';
import { ANNOTATIONS } from './strict-keywords';
import { keywordValueFailure } from './strict-keyword-values';
import type { StrictSchemaLimits } from './strict-limits';
import { recordEnforcedSchema } from './strict-local-schema';
import { StrictNodeWriter } from './strict-node-writer';
import { describeValue } from './describe-value';
import { checkStrictKeywords, hasUnionWithConstraints, isConstraint, ObjectIds, strictFailure, unconstrainedFailure } from './strict-refusals';

const CONFLICT_FIX = 'make the combined schemas agree (allOf members, a $ref and the keywords beside it, a union and the constraints beside it)';

/**
 * The strict rewrite of one schema (see `toStrictSchema`): follows references with their `$id`
 * scopes, merges `allOf` and `$ref` siblings exactly, distributes constraints into union
 * branches, and hands each resulting plain node to {@link StrictNodeWriter}. Input nodes under
 * rewrite are tracked so a reference back into one of them becomes a hoisted definition instead
 * of an endless inline copy.
 *
 * @internal
 */
export class StrictRewriter {
  private readonly writer: StrictNodeWriter;
  // Input nodes under rewrite, outermost first (at most maxSchemaDepth of them).
  private readonly expanding: unknown[] = [];
  // Built on first use: most schemas have no $ref, allOf, $defs or unions with constraints.
  private resolverState?: RefResolver;
  private mergerState?: SchemaMerger;
  private definitionsState?: DefinitionTable;
  private hoisted?: Map<unknown, DefinitionRecord>;
  private chainsChecked?: WeakSet<object>;
  private ids?: ObjectIds;
  private nodes = 0;
  /** Set when some node got keywords only the local validator sees. */
  hasLocalKeywords = false;

  constructor(
    private readonly root: JsonSchema,
    readonly limits: StrictSchemaLimits,
    private readonly toolName: string | undefined,
  ) {
    this.writer = new StrictNodeWriter(this);
  }

  get resolver(): RefResolver {
    return (this.resolverState ??= new RefResolver(this.root, this.limits.maxSchemaDepth));
  }

  get definitions(): DefinitionTable {
    return (this.definitionsState ??= new DefinitionTable());
  }

  private get merger(): SchemaMerger {
    return (this.mergerState ??= new SchemaMerger({
      resolve: (ref, base) => this.resolveOrFail(ref, base, ''),
      baseOf: (node, around) => this.resolver.baseOf(node, around),
      noteBase: (node, base) => this.resolver.noteBase(node, base),
      fail: (what, fix) => {
        throw this.fail(this.mergePath, what, fix);
      },
      count: () => this.count(this.mergePath),
      check: (node) => this.checkValues(node, this.mergePath),
      maxDepth: this.limits.maxSchemaDepth,
      maxRefHops: this.limits.maxRefHops,
    }));
  }

  private mergePath = '';

  run(): JsonSchema {
    const root = withoutUndefined(this.root);
    this.checkValues(root, '');
    const hasDefinitions = root.$defs !== undefined || root.definitions !== undefined;
    for (const container of ['$defs', 'definitions'] as const) {
      const entries = root[container];
      if (entries === undefined) continue;
      if (!isSchemaObject(entries)) throw this.fail(`/${container}`, 'must be an object of named schemas', 'use { "Name": { ...schema } }');
      for (const name of Object.keys(entries)) this.definitions.add(container, name, entries[name], this.resolver.rootBase);
    }
    // Chains of $refs longer than the limit are refused before anything follows them.
    assertShortRefChains(root, this.resolver, this.limits, (path, what, fix) => this.fail(path, what, fix));
    if (hasDefinitions) for (const record of this.definitions.all()) this.rewriteDefinition(record);
    let body = root;
    if (hasDefinitions) {
      const { $defs: _defs, definitions: _definitions, ...rest } = root;
      body = rest;
    }
    const base = this.resolverState?.rootBase ?? DOCUMENT_BASE;
    // The root is intersected with `{ type: 'object' }` (a root `$ref`, `allOf`, a nullable or
    // untyped root); a plain object schema needs none of that.
    const plain = body.type === 'object' && !('$ref' in body) && !('allOf' in body) && !('anyOf' in body) && !('oneOf' in body) && !('$id' in body);
    const flat = plain ? { schema: body, base } : this.merged(this.merger.intersect({ schema: body, base: this.resolver.rootBase }, { schema: { type: 'object' }, base }), '');
    const out = this.rewrite(flat.schema, '', 0, 0, flat.base, this.root);
    if (out.type !== 'object') {
      throw this.fail('', 'must describe one object (the arguments of a tool call are always a JSON object; a union of objects at the root is not accepted)', 'wrap the value in an object with named properties, or put the alternatives under one property');
    }
    if (this.definitionsState !== undefined) Object.assign(out, this.definitionsState.containers());
    if (this.hasLocalKeywords) recordEnforcedSchema(out);
    return out;
  }

  /** Rewrites one schema node found at `path` (an input JSON pointer, for messages). */
  rewrite(node: unknown, path: string, depth: number, objectDepth: number, base: string, origin?: object): JsonSchema {
    this.count(path);
    if (depth > this.limits.maxSchemaDepth) {
      throw this.fail(path, `is nested deeper than ${this.limits.maxSchemaDepth} schema levels`, 'flatten the argument types (a cyclic object cannot be a schema)');
    }
    if (node === false) throw this.fail(path, 'is the schema `false`, which no value matches (TypeScript `never`)', 'remove the field');
    if (node === true) throw this.unconstrained(path);
    if (!isSchemaObject(node)) throw this.fail(path, `is not a schema (got ${describeValue(node)})`, 'use a JSON schema object');
    this.expanding.push(origin ?? node);
    try {
      let schema = withoutUndefined(node);
      this.checkValues(schema, path);
      let inner = node.$id !== undefined || this.resolverState?.tracksBases ? this.resolver.baseOf(node, base) : base;
      if ('$ref' in schema) return this.rewriteRef(schema, path, depth, objectDepth, inner);
      if ('allOf' in schema) {
        if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) throw this.fail(pointer(path, 'allOf'), 'must be a non-empty array of schemas', 'list the schemas to combine');
        const flat = this.merged(this.flatten(schema, inner, path), path);
        schema = flat.schema;
        inner = flat.base;
      }
      checkStrictKeywords(schema, path, this.toolName);
      if (hasUnionWithConstraints(schema)) return this.rewriteUnion(schema, path, depth, objectDepth, inner);
      return this.writer.write(schema, path, depth, objectDepth, inner);
    } finally {
      this.expanding.pop();
    }
  }

  /** Rewrites a definition once; returns its output (undefined while it is being rewritten). */
  rewriteDefinition(record: DefinitionRecord): JsonSchema | undefined {
    if (record.state === 'pending') {
      record.state = 'busy';
      record.out = this.rewrite(record.input, record.path, 1, 0, record.base, record.origin);
      record.state = 'done';
    }
    return record.out;
  }

  private rewriteRef(schema: JsonSchema, path: string, depth: number, objectDepth: number, base: string): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') throw this.fail(pointer(path, '$ref'), 'must be a string', 'write a reference such as "#/$defs/Name"');
    const resolved = this.resolveOrFail(ref, base, path);
    const { $ref: _ref, ...siblings } = schema;
    if (Object.keys(siblings).some(isConstraint)) {
      if (typeof resolved.target === 'object' && resolved.target !== null && this.expanding.includes(resolved.target)) {
        return this.withAnnotations({ $ref: this.derived(schema, resolved, base, path) }, {});
      }
      const flat = this.merged(this.flatten(schema, base, path), path);
      return this.rewrite(flat.schema, path, depth + 1, objectDepth, flat.base, resolved.target as object);
    }
    if (resolved.target === false) throw this.fail(path, `has $ref "${ref}", which points at the schema \`false\` (no value matches it)`, 'point the reference at a real schema');
    if (leadsIntoBareRefCycle(resolved, (next, around) => this.resolveOrFail(next, around, path), (this.chainsChecked ??= new WeakSet()))) {
      throw this.fail(path, `has $ref "${ref}", which leads into a cycle of references with no schema in it`, 'make one of the referenced definitions a real schema');
    }
    // A bare reference to a definition stays one; with annotations beside it (or to another
    // place) the target is inlined, unless that would recurse: then it is referenced (hoisted).
    const annotated = Object.keys(siblings).length > 0;
    const recursive = isSchemaObject(resolved.target) && this.expanding.includes(resolved.target);
    let out: JsonSchema;
    if (resolved.definition && (!annotated || recursive)) {
      const record = this.definitions.entry(resolved.definition.container, resolved.definition.name) as DefinitionRecord;
      out = { $ref: record.ref };
    } else if (recursive) {
      out = { $ref: this.hoist(resolved).ref };
    } else {
      out = this.rewrite(resolved.target, path, depth + 1, objectDepth, resolved.base);
    }
    return this.withAnnotations(out, siblings);
  }

  /** Distributes the constraints beside `anyOf` (or `oneOf`) into each branch. */
  private rewriteUnion(schema: JsonSchema, path: string, depth: number, objectDepth: number, base: string): JsonSchema {
    const keyword = 'anyOf' in schema ? 'anyOf' : 'oneOf';
    const variants = schema[keyword];
    if (!Array.isArray(variants) || variants.length === 0) throw this.fail(pointer(path, keyword), 'must be a non-empty array of schemas', 'list the alternatives');
    const annotations: JsonSchema = {};
    const rest: JsonSchema = {};
    for (const key of Object.keys(schema)) {
      if (key === keyword) continue;
      if (ANNOTATIONS.has(key)) annotations[key] = schema[key];
      else rest[key] = schema[key];
    }
    const branches: Array<{ flat: Located; index: number }> = [];
    variants.forEach((variant, index) => {
      this.mergePath = pointer(pointer(path, keyword), index);
      const merged = this.merger.intersect({ schema: variant as JsonSchema, base }, { schema: rest, base });
      if (!(merged instanceof Unsatisfiable)) branches.push({ flat: merged, index });
    });
    if (branches.length === 0) {
      if (path === '') throw this.fail(path, `must describe an object, but no branch of its ${keyword} is one`, 'wrap the value in an object with named properties');
      throw this.fail(path, `accepts no value: no branch of its ${keyword} is compatible with the constraints beside it`, CONFLICT_FIX);
    }
    const rewritten = branches.map(({ flat, index }) =>
      this.rewrite(flat.schema, pointer(pointer(path, keyword), index), depth + 1, objectDepth, flat.base, variants[index] as object));
    if (rewritten.length === 1) return this.withAnnotations(rewritten[0], annotations);
    return this.writer.writeUnion(annotations, rewritten, keyword === 'oneOf', path);
  }

  /** Title, description and described annotations beside a `$ref` (or around a union), applied to `out`. */
  withAnnotations(out: JsonSchema, annotations: JsonSchema): JsonSchema {
    const sentences = this.writer.annotationSentences(annotations);
    const { title, description } = annotations;
    if (title === undefined && description === undefined && sentences.length === 0) return out;
    if ('$ref' in out) {
      const wrapper: JsonSchema = {};
      if (typeof title === 'string') wrapper.title = title;
      const text = appendSentences(description, sentences);
      if (text !== '') wrapper.description = text;
      wrapper.anyOf = [out];
      return wrapper;
    }
    if (typeof title === 'string') out.title = title;
    this.writer.redescribe(out, description, sentences);
    return out;
  }

  /** Merges a node's `$ref` target and `allOf` members into one plain schema. */
  private flatten(schema: JsonSchema, base: string, path: string): Located | Unsatisfiable {
    this.mergePath = path;
    return this.merger.flatten(schema, base);
  }

  private merged(result: Located | Unsatisfiable, path: string): Located {
    if (result instanceof Unsatisfiable) {
      throw this.fail(path, path === '' ? `must describe an object, but it accepts no object (${result.reason})` : `accepts no value: ${result.reason}`, CONFLICT_FIX);
    }
    return result;
  }

  private resolveOrFail(ref: string, base: string, path: string): ResolvedRef {
    try {
      return this.resolver.resolve(ref, base);
    } catch (error) {
      if (error instanceof RefProblem) throw this.fail(path || this.mergePath, `has $ref "${ref}", which ${error.what}`, error.fix);
      throw error;
    }
  }

  private hoist(resolved: ResolvedRef): DefinitionRecord {
    const target = resolved.target as object;
    this.hoisted ??= new Map();
    let record = this.hoisted.get(target);
    if (record === undefined) {
      record = this.definitions.hoist(resolved.pointer, target, resolved.base, target);
      this.hoisted.set(target, record);
      this.rewriteDefinition(record);
    }
    return record;
  }

  /** A `$ref` with constraints beside it, inside its own target: one definition for the merge. */
  private derived(schema: JsonSchema, resolved: ResolvedRef, base: string, path: string): string {
    const target = resolved.target as object;
    const { $ref: _ref, ...siblings } = schema;
    let text: string;
    try {
      text = JSON.stringify(siblings);
    } catch {
      throw this.fail(path, 'holds a cyclic or too deeply nested value beside its $ref', 'use plain JSON data');
    }
    const key = `${(this.ids ??= new ObjectIds()).of(target)}\u0000${base}\u0000${text}`;
    this.hoisted ??= new Map();
    let record = this.hoisted.get(key);
    if (record === undefined) {
      const flat = this.merged(this.flatten(schema, base, path), path);
      record = this.definitions.hoist(resolved.pointer, flat.schema, flat.base, target);
      this.hoisted.set(key, record);
      this.rewriteDefinition(record);
    }
    return record.ref;
  }

  /** Refuses a keyword whose value is of the wrong kind (`$defs: false`, `contentEncoding: 1`). */
  private checkValues(schema: JsonSchema, path: string): void {
    const failure = keywordValueFailure(schema, path, this.toolName);
    if (failure !== undefined) throw failure;
  }

  count(path: string): void {
    if (++this.nodes > this.limits.maxNodes) throw this.fail(path, `makes the schema larger than ${this.limits.maxNodes} nodes`, 'simplify the argument types');
  }

  unconstrained(path: string): ToolDefinitionError {
    return unconstrainedFailure(this.toolName, path);
  }

  fail(path: string, what: string, fix: string): ToolDefinitionError {
    return strictFailure(this.toolName, path, what, fix);
  }
}

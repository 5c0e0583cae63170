import { unescapePointerSegment } from './json-pointer';
import { isSchemaObject } from './schema-utils';

/** Where a `$ref` leads: the schema found there and the base URI that applies inside it. @internal */
export interface ResolvedRef {
  target: unknown;
  base: string;
  /** Set when the target is an entry of the document root's `$defs` or `definitions`. */
  definition?: { container: '$defs' | 'definitions'; name: string };
  /** The JSON pointer of the target inside its resource (for names and messages). */
  pointer: string;
}

/** Why a `$ref` cannot be followed; the rewriter turns it into a `ToolDefinitionError`. @internal */
export class RefProblem extends Error {
  constructor(
    readonly what: string,
    readonly fix: string,
  ) {
    super(what);
  }
}

/** The base URI of a document without `$id`: refs like `#/$defs/X` resolve inside it. */
export const DOCUMENT_BASE = 'tw:/schema';

// Keywords whose value is one schema, a map of named schemas, or an array of schemas: the only
// places a JSON pointer may walk through and still designate a schema. @internal
export const ONE_SCHEMA: ReadonlySet<string> = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems', 'contentSchema']);
/** @internal */
export const SCHEMA_MAP: ReadonlySet<string> = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas', 'dependencies']);
/** @internal */
export const SCHEMA_LIST: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);

/**
 * Resolves the `$ref`s of one schema document as JSON Schema does: against the base URI of the
 * place the ref is written (nested `$id`s start new scopes), to a JSON pointer, an `$anchor` or a
 * whole resource. Refs that leave the document, do not resolve, are malformed or designate
 * something that is not a schema (`#/default`, `#/properties`) are a {@link RefProblem}. The index
 * of `$id`s and anchors is built on the first resolution, so schemas without refs never pay for it.
 *
 * @internal
 */
export class RefResolver {
  private readonly resources = new Map<string, unknown>();
  private readonly anchors = new Map<string, { node: unknown; base: string }>();
  private readonly bases = new WeakMap<object, string>();
  private indexed = false;
  private scoped = false;
  readonly rootBase: string;

  constructor(
    private readonly root: Record<string, unknown>,
    private readonly maxDepth: number,
  ) {
    this.rootBase = typeof root.$id === 'string' ? joinUri(root.$id, DOCUMENT_BASE) ?? DOCUMENT_BASE : DOCUMENT_BASE;
  }

  /** The base URI inside `node`, given the one around it (a node with `$id` starts its own). */
  baseOf(node: object, around: string): string {
    const known = this.bases.get(node);
    if (known !== undefined) return known;
    const id = (node as Record<string, unknown>).$id;
    if (typeof id !== 'string' || id.startsWith('#')) return around;
    return joinUri(id, around) ?? around;
  }

  /** Records the base URI that applies inside `node` (for parts of merged schemas). */
  noteBase(node: unknown, base: string): void {
    if (this.hasScopes && typeof node === 'object' && node !== null && !this.bases.has(node)) this.bases.set(node, this.baseOf(node, base));
  }

  /** Whether bases must be looked up per node (the document has nested `$id` scopes). */
  get tracksBases(): boolean {
    return this.scoped;
  }

  /** Whether the document has nested `$id` scopes at all (bases need tracking only then). */
  get hasScopes(): boolean {
    this.index();
    return this.scoped;
  }

  /** Resolves `ref` written in a schema whose base URI is `base`. */
  resolve(ref: string, base: string): ResolvedRef {
    this.index();
    const hash = ref.indexOf('#');
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const absolute = joinUri(hash < 0 ? ref : ref.slice(0, hash), base);
    if (absolute === undefined) throw new RefProblem('is not a valid URI reference', 'write local references such as "#/$defs/Name"');
    const resource = this.resources.get(absolute);
    if (resource === undefined) {
      throw new RefProblem(
        'is not a local reference (it points outside this schema)',
        'bundle the schema so references look like "#/$defs/Name"',
      );
    }
    if (fragment === '') return { target: resource, base: absolute, pointer: '' };
    if (!fragment.startsWith('/')) {
      const anchor = this.anchors.get(`${absolute}#${fragment}`);
      if (anchor === undefined) throw new RefProblem('names an anchor that no "$anchor" or "$id" declares', 'declare the anchor, or use a JSON pointer such as "#/$defs/Name"');
      return { target: anchor.node, base: anchor.base, pointer: '' };
    }
    return this.walkPointer(resource, absolute, fragment);
  }

  private walkPointer(resource: unknown, resourceBase: string, fragment: string): ResolvedRef {
    // RFC 6901 §6: the fragment is percent-decoded as a whole, then read as a JSON pointer, so
    // "%2F" is a separator like "/" (a key holding "/" is written "~1").
    let decoded: string;
    try {
      decoded = decodeURIComponent(fragment);
    } catch {
      const malformed = fragment.slice(1).split('/').find((raw) => !decodes(raw)) ?? fragment;
      throw new RefProblem(`has a malformed percent-escape in "${malformed}"`, 'percent-encode the reference correctly (e.g. "%25" for "%")');
    }
    const segments = decoded.slice(1).split('/').map(unescapePointerSegment);
    let node: unknown = resource;
    let base = resourceBase;
    let expect: 'schema' | 'map' | 'list' = 'schema';
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const container = expect;
      if (container === 'schema') {
        if (!isSchemaObject(node)) break;
        if (i > 0) base = this.baseOf(node, base);
        if (ONE_SCHEMA.has(segment) && !(segment === 'items' && Array.isArray(node.items))) expect = 'schema';
        else if (SCHEMA_MAP.has(segment)) expect = 'map';
        else if (SCHEMA_LIST.has(segment)) expect = 'list';
        else throw notSchema(fragment, segment);
      } else {
        expect = 'schema';
        if (container === 'list' && !/^(0|[1-9]\d*)$/.test(segment)) throw notSchema(fragment, segment);
      }
      const next = isSchemaObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
      if (next === undefined || !Object.prototype.hasOwnProperty.call(node, segment)) {
        throw new RefProblem('does not resolve inside the schema', 'add the referenced definition under $defs or definitions');
      }
      node = next;
    }
    if (expect !== 'schema') throw notSchema(fragment, segments[segments.length - 1]);
    if (isSchemaObject(node)) base = this.baseOf(node, base);
    const resolved: ResolvedRef = { target: node, base, pointer: fragment };
    if (resource === this.root && segments.length === 2 && (segments[0] === '$defs' || segments[0] === 'definitions')) {
      resolved.definition = { container: segments[0], name: segments[1] };
    }
    return resolved;
  }

  /** Indexes `$id` resources and anchors; walks schema positions only, iteratively and bounded. */
  private index(): void {
    if (this.indexed) return;
    this.indexed = true;
    this.resources.set(this.rootBase, this.root);
    if (this.rootBase !== DOCUMENT_BASE) this.resources.set(DOCUMENT_BASE, this.root);
    const pending: Array<{ node: unknown; base: string; depth: number }> = [{ node: this.root, base: this.rootBase, depth: 0 }];
    while (pending.length > 0) {
      const { node, base: around, depth } = pending.pop() as { node: unknown; base: string; depth: number };
      if (!isSchemaObject(node) || depth > this.maxDepth) continue;
      const base = this.baseOf(node, around);
      if (node !== this.root && base !== around) {
        this.scoped = true;
        this.bases.set(node, base);
        if (!this.resources.has(base)) this.resources.set(base, node);
      }
      const id = node.$id;
      if (typeof id === 'string' && id.startsWith('#') && id.length > 1) this.anchors.set(`${base}#${id.slice(1)}`, { node, base });
      if (typeof node.$anchor === 'string') this.anchors.set(`${base}#${node.$anchor}`, { node, base });
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (ONE_SCHEMA.has(key) && !Array.isArray(value)) pending.push({ node: value, base, depth: depth + 1 });
        else if (SCHEMA_MAP.has(key) && isSchemaObject(value)) {
          for (const name of Object.keys(value)) pending.push({ node: value[name], base, depth: depth + 1 });
        } else if (SCHEMA_LIST.has(key) && Array.isArray(value)) {
          for (const item of value) pending.push({ node: item, base, depth: depth + 1 });
        }
      }
    }
  }
}

function notSchema(fragment: string, segment: string): RefProblem {
  return new RefProblem(
    `points at "#${fragment}", which is not a schema ("${segment}" is not a keyword that holds schemas)`,
    'point the reference at a schema, such as an entry of $defs',
  );
}

/** Resolves a URI reference against a base; `undefined` when it is not a valid URI. */
function joinUri(reference: string, base: string): string | undefined {
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** Whether `text` percent-decodes. */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

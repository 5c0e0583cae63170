import type { EmbeddedToolSchema } from '@toolwright/core/extend';
import { getMetadataStorage, memberManifestKey, parseEmbeddedSchema } from '@toolwright/core/internal';
import type { McpMemberRecord } from '../decorators/mcp-metadata';
import { schemaProblem } from '../shared/output-validation';

type Node = Record<string, unknown>;

/**
 * The build-time schema of a `@Prompt` or `@ResourceTemplate` method's `@Param` arguments: the
 * one the scanner transformer embedded into the decorator call, else the one a loaded manifest
 * (`toolwright scan`, under `members`) holds for `Class.method`; `undefined` when neither exists
 * (then arguments are plain strings, required unless listed in `optional`). @internal
 */
export function memberSchemaOf(record: McpMemberRecord): EmbeddedToolSchema | undefined {
  if (record.kind === 'resource') return undefined;
  const where = `${record.kind === 'prompt' ? '@Prompt' : '@ResourceTemplate'} on ${record.owner.name}.${record.method}`;
  if (typeof record.embedded === 'string') return parseEmbeddedSchema(record.embedded, where);
  if (record.embedded !== undefined) return record.embedded;
  return getMetadataStorage().manifestSchemaOf(memberManifestKey(`${record.owner.name}.${record.method}`));
}

/**
 * Arguments that arrive as strings (prompt arguments, URI template variables) checked against
 * the method's schema: each is first read as the type its property declares (a number, an
 * integer, a boolean; anything else stays a string), then the whole object is validated. @internal
 */
export class MemberArguments {
  private readonly properties: Record<string, Node>;
  private readonly validation: Node;

  constructor(
    readonly schema: EmbeddedToolSchema,
    /** The names a client must give (the schema's `required`, less the decorator's `optional`). */
    readonly required: ReadonlySet<string>,
  ) {
    const parameters = schema.parameters as Node;
    this.properties = isNode(parameters.properties) ? (parameters.properties as Record<string, Node>) : {};
    // Required-ness is checked by the caller (with its own message); the rest is the schema's.
    const { required: _omitted, ...rest } = parameters;
    this.validation = rest;
  }

  /** The description of argument `name` in the schema (the property's, else its JSDoc `@param`). */
  descriptionOf(name: string): string | undefined {
    const own = this.properties[name]?.description;
    return typeof own === 'string' ? own : this.schema.paramDescriptions?.[name];
  }

  /** Whether the schema has a property `name`. */
  has(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.properties, name);
  }

  /** The values the method receives, or a description of what is wrong with them. */
  read(given: Record<string, string>): { values: Record<string, unknown> } | { problem: string } {
    const values: Record<string, unknown> = {};
    for (const [name, text] of Object.entries(given)) values[name] = coerce(text, this.properties[name]);
    for (const [name, value] of Object.entries(values)) {
      const allowed = allowedValues(this.properties[name]);
      if (allowed && !allowed.some((candidate) => candidate === value)) {
        return { problem: `argument "${name}" must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')} (got ${JSON.stringify(given[name]).slice(0, 200)})` };
      }
    }
    const problem = schemaProblem(this.validation, values, 'the arguments schema');
    if (problem !== undefined) return { problem: problem.replace(/\bdata\/([^\s,]+)/g, (_, path: string) => `argument "${path.replace(/\//g, '.')}"`).replace(/\bdata\b/g, 'the arguments') };
    return { values };
  }
}

/** A string argument read as the type its property declares, when it is written as one. */
function coerce(text: string, property: Node | undefined): unknown {
  const types = typesOf(property);
  if (types.size === 0 || types.has('string')) return text;
  const trimmed = text.trim();
  if ((types.has('number') || types.has('integer')) && /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (types.has('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.has('null') && trimmed === 'null') return null;
  return text;
}

/** The JSON types a property admits (from `type`, `enum`, `const`, and `anyOf` / `oneOf` branches). */
function typesOf(property: Node | undefined, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!property || depth > 8) return out;
  const type = property.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) if (typeof t === 'string') out.add(t);
  const literals = Array.isArray(property.enum) ? property.enum : 'const' in property ? [property.const] : [];
  for (const value of literals) out.add(value === null ? 'null' : typeof value);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = property[key];
    if (Array.isArray(branches)) for (const branch of branches) if (isNode(branch)) for (const t of typesOf(branch, depth + 1)) out.add(t);
  }
  return out;
}

/** The literal values a property allows, when it is an enum (or a union of constants). */
function allowedValues(property: Node | undefined): unknown[] | undefined {
  if (!property) return undefined;
  if (Array.isArray(property.enum)) return property.enum;
  const branches = property.anyOf ?? property.oneOf;
  if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => isNode(b) && ('const' in b || Array.isArray(b.enum)))) {
    return branches.flatMap((b) => ('const' in b ? [(b as Node).const] : ((b as Node).enum as unknown[])));
  }
  return undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the strict rewrite does with a JSON Schema keyword:
 * - `kept`: sent to the model as it is (after its sub-schemas are rewritten);
 * - `rewritten`: turned into an equivalent strict form (or removed when it constrains nothing);
 * - `described`: left out of the schema the model sees, its meaning appended to the
 *   description, and — when it constrains values — still checked locally on every call;
 * - `refused`: a `ToolDefinitionError` naming the field and a fix.
 */
export type StrictKeywordAction = 'kept' | 'rewritten' | 'described' | 'refused';

/** One row of {@link STRICT_KEYWORD_RULES}. */
export interface StrictKeywordRule {
  action: StrictKeywordAction;
  /** What happens, in words (the package README lists the same). */
  rule: string;
}

/**
 * Every JSON Schema keyword (draft-07 to 2020-12, plus OpenAPI's `nullable`) and what
 * `toStrictSchema` does with it. A keyword not listed here is not JSON Schema (a vendor extension
 * or a typo): validators ignore it, and the rewrite removes it.
 */
export const STRICT_KEYWORD_RULES: Readonly<Record<string, StrictKeywordRule>> = {
  type: { action: 'kept', rule: 'names are checked; a one-element array becomes the name' },
  enum: { action: 'kept', rule: 'a non-empty array; at most 1,000 values in one schema' },
  const: { action: 'kept', rule: 'any JSON value' },
  title: { action: 'kept', rule: 'a string' },
  description: { action: 'kept', rule: 'a string; described keywords append their sentence to it' },
  minimum: { action: 'kept', rule: 'a number' },
  maximum: { action: 'kept', rule: 'a number' },
  exclusiveMinimum: { action: 'kept', rule: 'a number (the draft-04 boolean form is refused)' },
  exclusiveMaximum: { action: 'kept', rule: 'a number (the draft-04 boolean form is refused)' },
  multipleOf: { action: 'kept', rule: 'a positive number' },
  minItems: { action: 'kept', rule: 'a non-negative integer' },
  maxItems: { action: 'kept', rule: 'a non-negative integer' },
  pattern: { action: 'kept', rule: 'with lookaround or backreferences: described ("Must match the regular expression /…/.") and checked locally; an invalid regular expression is refused' },
  format: { action: 'kept', rule: 'date-time, date, time, duration, email, hostname, ipv4, ipv6, uuid; uri, url, uri-reference and regex are described ("Format: uri.") and checked locally; any other format is refused' },
  items: { action: 'kept', rule: 'its schema is rewritten (items without type means an array); an array of schemas (a tuple) is refused' },
  anyOf: { action: 'kept', rule: 'constraints beside it are distributed into every branch; branches that then accept nothing are dropped' },
  properties: { action: 'rewritten', rule: 'every property becomes required, an optional one nullable (properties without type means an object)' },
  required: { action: 'rewritten', rule: 'lists every property; must be an array of declared property names' },
  additionalProperties: { action: 'rewritten', rule: 'false on every object; true or a schema (a map) is refused' },
  oneOf: { action: 'rewritten', rule: 'becomes anyOf; unless the branches are provably disjoint, "exactly one" is described and checked locally' },
  allOf: { action: 'rewritten', rule: 'merged into one schema accepting exactly what every member accepts; members with no value in common, or that one schema cannot express (two patterns, two formats, two oneOfs), are refused' },
  $ref: { action: 'rewritten', rule: 'a bare ref to a root definition stays; other targets are inlined, or hoisted into $defs when they recurse; keywords beside it are merged like allOf; unresolvable, non-local or non-schema targets, cycles of bare refs and chains over 64 hops are refused' },
  $defs: { action: 'rewritten', rule: 'root entries are rewritten and kept; nested entries are hoisted to the root when referenced' },
  definitions: { action: 'rewritten', rule: 'as $defs' },
  $id: { action: 'rewritten', rule: 'scopes the refs below it, then removed (every ref becomes a local pointer)' },
  $anchor: { action: 'rewritten', rule: 'resolved like $id, then removed' },
  $schema: { action: 'rewritten', rule: 'removed' },
  $vocabulary: { action: 'rewritten', rule: 'removed' },
  $comment: { action: 'rewritten', rule: 'removed' },
  readOnly: { action: 'rewritten', rule: 'removed (meaningless for arguments)' },
  writeOnly: { action: 'rewritten', rule: 'removed (meaningless for arguments)' },
  contentSchema: { action: 'rewritten', rule: 'removed (an annotation)' },
  unevaluatedProperties: { action: 'rewritten', rule: 'false is removed (strict objects are closed); a schema or true is refused' },
  unevaluatedItems: { action: 'rewritten', rule: 'false is removed (items covers every item); a schema or true is refused' },
  default: { action: 'described', rule: 'on an optional property: "Default: …." in the description, and the value is passed when the model sends null (a value the property refuses is refused); elsewhere removed' },
  examples: { action: 'described', rule: '"Examples: …." in the description' },
  deprecated: { action: 'described', rule: '"Deprecated." in the description when true' },
  contentEncoding: { action: 'described', rule: '"Encoding: …." in the description (an annotation, not checked)' },
  contentMediaType: { action: 'described', rule: '"Media type: …." in the description (an annotation, not checked)' },
  minLength: { action: 'described', rule: '"At least n characters." in the description, checked locally' },
  maxLength: { action: 'described', rule: '"At most n characters." in the description, checked locally' },
  uniqueItems: { action: 'described', rule: 'true: "Items must be unique." in the description, checked locally; false is removed' },
  not: { action: 'refused', rule: 'no strict equivalent' },
  if: { action: 'refused', rule: 'no strict equivalent (with then and else)' },
  then: { action: 'refused', rule: 'as if' },
  else: { action: 'refused', rule: 'as if' },
  dependentRequired: { action: 'refused', rule: 'no strict equivalent' },
  dependentSchemas: { action: 'refused', rule: 'no strict equivalent' },
  dependencies: { action: 'refused', rule: 'no strict equivalent' },
  patternProperties: { action: 'refused', rule: 'a map with arbitrary keys' },
  propertyNames: { action: 'refused', rule: 'a map with arbitrary keys' },
  minProperties: { action: 'refused', rule: 'strict objects have a fixed set of keys' },
  maxProperties: { action: 'refused', rule: 'strict objects have a fixed set of keys' },
  prefixItems: { action: 'refused', rule: 'a tuple' },
  additionalItems: { action: 'refused', rule: 'a tuple' },
  contains: { action: 'refused', rule: 'no strict equivalent' },
  minContains: { action: 'refused', rule: 'no strict equivalent' },
  maxContains: { action: 'refused', rule: 'no strict equivalent' },
  $dynamicRef: { action: 'refused', rule: 'dynamic scopes cannot be expressed' },
  $dynamicAnchor: { action: 'refused', rule: 'dynamic scopes cannot be expressed' },
  $recursiveRef: { action: 'refused', rule: 'dynamic scopes cannot be expressed' },
  $recursiveAnchor: { action: 'refused', rule: 'dynamic scopes cannot be expressed' },
  nullable: { action: 'refused', rule: 'OpenAPI 3.0, ignored by JSON Schema: write type: ["string", "null"] instead' },
};

/** Why a refused keyword is refused, and the fix, for error messages. @internal */
export function refusalOf(keyword: string, value: unknown): { what: string; fix: string } | undefined {
  const STRICT = 'or declare the tool with `strict: false`';
  switch (keyword) {
    case 'patternProperties':
    case 'propertyNames':
      return { what: `is a map with arbitrary keys (${keyword}), which strict mode cannot express`, fix: `give the object fixed, named properties (or use an array of { key, value } entries), ${STRICT}` };
    case 'prefixItems':
    case 'additionalItems':
      return { what: `is a tuple (${keyword}), which strict mode does not support`, fix: `use an object with named properties or an array of one item type, ${STRICT}` };
    case 'minProperties':
    case 'maxProperties':
      return { what: `uses ${keyword}, which strict mode does not support (its objects have a fixed set of keys)`, fix: `remove the keyword, ${STRICT}` };
    case 'unevaluatedProperties':
    case 'unevaluatedItems':
      return value === false ? undefined : { what: `uses ${keyword} with a schema or true, which strict mode does not support`, fix: `remove the keyword, ${STRICT}` };
    case 'if':
    case 'then':
    case 'else':
      return { what: 'uses if/then/else, which strict mode does not support', fix: `use anyOf with one branch per case, ${STRICT}` };
    case 'nullable':
      return { what: 'uses "nullable", an OpenAPI 3.0 keyword that JSON Schema ignores', fix: 'write the type with "null", e.g. type: ["string", "null"], and remove "nullable"' };
    case '$dynamicRef':
    case '$dynamicAnchor':
    case '$recursiveRef':
    case '$recursiveAnchor':
      return { what: `uses ${keyword} (dynamic scopes), which strict mode cannot express`, fix: `use a plain "$ref" to a definition, ${STRICT}` };
    default:
      return STRICT_KEYWORD_RULES[keyword]?.action === 'refused'
        ? { what: `uses \`${keyword}\`, which strict mode does not support`, fix: `remove the keyword, ${STRICT}` }
        : undefined;
  }
}

/** Keywords that describe a value without constraining it (kept on a union's wrapper). @internal */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$schema', '$vocabulary',
  'contentEncoding', 'contentMediaType', 'contentSchema', '$id', '$anchor', '$defs', 'definitions',
]);

/** The formats OpenAI's strict mode accepts. @internal */
export const MODEL_FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/**
 * Formats strict mode does not accept but the local validator checks (`STRING_FORMATS` in
 * `arguments/formats.ts` minus {@link MODEL_FORMATS}): described, and checked on every call. @internal
 */
export const LOCAL_FORMATS: ReadonlySet<string> = new Set(['uri', 'url', 'uri-reference', 'regex']);

/** @internal Bits of {@link keywordFlags}. */
export const CONSTRAINT = 1;
/** @internal Gives a node a shape (a type, a union, a reference, values, properties or items). */
export const SHAPE = 2;
/** @internal Refused (for `unevaluated*`, unless the value is `false`). */
export const REFUSED = 4;

const SHAPES = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'properties', 'items'];
const flags = new Map<string, number>();
for (const [keyword, rule] of Object.entries(STRICT_KEYWORD_RULES)) {
  let bits = ANNOTATIONS.has(keyword) ? 0 : CONSTRAINT;
  if (SHAPES.includes(keyword)) bits |= SHAPE;
  if (rule.action === 'refused' || keyword === 'unevaluatedProperties' || keyword === 'unevaluatedItems') bits |= REFUSED;
  flags.set(keyword, bits);
}

/** @internal The {@link CONSTRAINT}, {@link SHAPE} and {@link REFUSED} bits of a keyword (0 when unknown). */
export function keywordFlags(keyword: string): number {
  return flags.get(keyword) ?? 0;
}

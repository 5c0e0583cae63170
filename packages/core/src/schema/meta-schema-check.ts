const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isNonNegativeInteger(value: unknown): boolean {
  return isNumber(value) && Number.isInteger(value) && value >= 0;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** Unique by JSON equality, decided only for primitives (anything else is left to ajv). */
function uniquePrimitives(values: readonly unknown[]): boolean {
  const seen = new Set<unknown>();
  for (const value of values) {
    if (value !== null && typeof value === 'object') return false;
    // -0 and 0 are equal in JSON; a Set already treats them alike.
    if (seen.has(value)) return false;
    seen.add(value);
  }
  return true;
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every(isString) && uniquePrimitives(value);
}

function isSchemaArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every(passes);
}

function isSchemaMap(value: unknown): boolean {
  return isObject(value) && Object.keys(value).every((key) => passes(value[key]));
}

/**
 * What the draft-07 meta-schema requires of each keyword's value, exactly as ajv's
 * `validateSchema` checks it: types, bounds and uniqueness, not the meta-schema's `format`s
 * (`uri`, `regex`), which ajv does not apply to schemas. Keywords not listed are unconstrained.
 */
const KEYWORDS: Record<string, (value: unknown) => boolean> = {
  $id: isString,
  $schema: isString,
  $ref: isString,
  $comment: isString,
  title: isString,
  description: isString,
  readOnly: (v) => typeof v === 'boolean',
  examples: Array.isArray,
  multipleOf: (v) => isNumber(v) && v > 0,
  maximum: isNumber,
  exclusiveMaximum: isNumber,
  minimum: isNumber,
  exclusiveMinimum: isNumber,
  maxLength: isNonNegativeInteger,
  minLength: isNonNegativeInteger,
  pattern: isString,
  additionalItems: (v) => passes(v),
  items: (v) => (Array.isArray(v) ? isSchemaArray(v) : passes(v)),
  maxItems: isNonNegativeInteger,
  minItems: isNonNegativeInteger,
  uniqueItems: (v) => typeof v === 'boolean',
  contains: (v) => passes(v),
  maxProperties: isNonNegativeInteger,
  minProperties: isNonNegativeInteger,
  required: isStringArray,
  additionalProperties: (v) => passes(v),
  definitions: isSchemaMap,
  properties: isSchemaMap,
  patternProperties: isSchemaMap,
  dependencies: (v) => isObject(v) && Object.keys(v).every((key) => (Array.isArray(v[key]) ? isStringArray(v[key]) : passes(v[key]))),
  propertyNames: (v) => passes(v),
  enum: (v) => Array.isArray(v) && v.length > 0 && uniquePrimitives(v),
  type: (v) => (isString(v) ? SIMPLE_TYPES.has(v) : Array.isArray(v) && v.length > 0 && v.every((t) => isString(t) && SIMPLE_TYPES.has(t)) && uniquePrimitives(v)),
  format: isString,
  contentMediaType: isString,
  contentEncoding: isString,
  if: (v) => passes(v),
  then: (v) => passes(v),
  else: (v) => passes(v),
  allOf: isSchemaArray,
  anyOf: isSchemaArray,
  oneOf: isSchemaArray,
  not: (v) => passes(v),
};

function passes(schema: unknown): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema)) return false;
  for (const key of Object.keys(schema)) {
    const check = Object.prototype.hasOwnProperty.call(KEYWORDS, key) ? KEYWORDS[key] : undefined;
    if (check !== undefined && !check(schema[key])) return false;
  }
  return true;
}

/**
 * Whether `schema` certainly passes the JSON Schema draft-07 meta-schema as ajv checks it
 * (`validateSchema`), decided without loading ajv. `false` means "not certainly": a problem, or
 * a case this check leaves to ajv (an `enum` of objects), so callers ask ajv, which decides and
 * explains. Never `true` for a schema ajv refuses. The depth and size of `schema` must already
 * be bounded (`boundedJsonProblem`).
 *
 * @internal
 */
export function certainlyPassesMetaSchema(schema: unknown): boolean {
  return passes(schema);
}

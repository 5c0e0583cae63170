import type { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { describeValue } from './describe-value';
import { pointer } from './json-pointer';
import { strictFailure } from './strict-refusals';

/** The kind of JSON value a keyword takes (JSON Schema's meta-schema, draft-07 to 2020-12). */
type ValueKind = 'string' | 'names' | 'number' | 'positive' | 'count' | 'boolean' | 'object' | 'array' | 'schema' | 'items' | 'type' | 'any';

/** How each kind is named in messages ("must be …"). */
const EXPECTED: Readonly<Record<ValueKind, string>> = {
  string: 'a string',
  names: 'an array of property names',
  number: 'a number',
  positive: 'a positive number',
  count: 'a non-negative integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  schema: 'a schema (an object, or true or false)',
  items: 'a schema (an object, or true or false) or an array of schemas',
  type: 'a type name or an array of type names',
  any: 'any JSON value',
};

/**
 * The kind of value each keyword of `STRICT_KEYWORD_RULES` takes (a test keeps the two tables
 * alike). A keyword with a value of another kind is refused by `toStrictSchema`, whatever its
 * rule, rather than dropped or misread. @internal
 */
export const KEYWORD_VALUE_KINDS: Readonly<Record<string, ValueKind>> = {
  type: 'type', enum: 'array', const: 'any', title: 'string', description: 'string',
  minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number', multipleOf: 'positive',
  minItems: 'count', maxItems: 'count', pattern: 'string', format: 'string', items: 'items', anyOf: 'array',
  properties: 'object', required: 'names', additionalProperties: 'schema', oneOf: 'array', allOf: 'array',
  $ref: 'string', $defs: 'object', definitions: 'object', $id: 'string', $anchor: 'string', $schema: 'string',
  $vocabulary: 'object', $comment: 'string', readOnly: 'boolean', writeOnly: 'boolean', contentSchema: 'schema',
  unevaluatedProperties: 'schema', unevaluatedItems: 'schema', default: 'any', examples: 'array', deprecated: 'boolean',
  contentEncoding: 'string', contentMediaType: 'string', minLength: 'count', maxLength: 'count', uniqueItems: 'boolean',
  not: 'schema', if: 'schema', then: 'schema', else: 'schema', dependentRequired: 'object', dependentSchemas: 'object',
  dependencies: 'object', patternProperties: 'object', propertyNames: 'schema', minProperties: 'count', maxProperties: 'count',
  prefixItems: 'array', additionalItems: 'schema', contains: 'schema', minContains: 'count', maxContains: 'count',
  $dynamicRef: 'string', $dynamicAnchor: 'string', $recursiveRef: 'string', $recursiveAnchor: 'boolean', nullable: 'boolean',
};

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fits(kind: ValueKind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'positive':
      return typeof value === 'number' && Number.isFinite(value) && value > 0;
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0;
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
    case 'names':
      return Array.isArray(value);
    case 'schema':
      return typeof value === 'boolean' || isObject(value);
    case 'items':
      return typeof value === 'boolean' || isObject(value) || Array.isArray(value);
    case 'type':
      return typeof value === 'string' || Array.isArray(value);
    case 'any':
      return true;
  }
}

/**
 * What is wrong with the value of a JSON Schema keyword, or `undefined` when it is of the right
 * kind (an unknown keyword, and `undefined`, are never wrong). @internal
 */
export function keywordValueProblem(keyword: string, value: unknown): string | undefined {
  if (value === undefined || !Object.prototype.hasOwnProperty.call(KEYWORD_VALUE_KINDS, keyword)) return undefined;
  const kind = KEYWORD_VALUE_KINDS[keyword];
  if (fits(kind, value)) return undefined;
  return `has ${keyword}: ${describeValue(value)}, but ${keyword} must be ${EXPECTED[kind]}`;
}

/**
 * The error for the first keyword of `schema` whose value is of the wrong kind, naming the
 * keyword, its schema path and the kind it takes; `undefined` when there is none. @internal
 */
export function keywordValueFailure(schema: JsonSchema, path: string, toolName: string | undefined): ToolDefinitionError | undefined {
  for (const key of Object.keys(schema)) {
    const problem = keywordValueProblem(key, schema[key]);
    if (problem !== undefined) return strictFailure(toolName, pointer(path, key), problem, `write ${key} as ${EXPECTED[KEYWORD_VALUE_KINDS[key]]}, or remove it`);
  }
  return undefined;
}

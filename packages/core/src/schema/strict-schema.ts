import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../tool/json-schema';
import { fieldPathOf } from './field-path';
import { pointer } from './json-pointer';
import { admitsNull, cloneJson, isSchemaObject, isUnconstrained, resolveLocalRef } from './schema-utils';
import { DEFAULT_STRICT_LIMITS, type StrictSchemaLimits } from './strict-limits';
import { makeNullable } from './strict-nullable';
import { recordOptionalKeys } from './strict-optional-keys';
import { UNSUPPORTED_KEYWORDS } from './strict-unsupported-keywords';

/** Options of {@link toStrictSchema}. */
export interface StrictSchemaOptions {
  /** Named in error messages. */
  toolName?: string;
  /** Overrides of {@link DEFAULT_STRICT_LIMITS}. */
  limits?: Partial<StrictSchemaLimits>;
}

const SHAPE_KEYWORDS = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'properties', 'items'];
const STRICT_FIX = 'or declare the tool with `strict: false`';

/**
 * Rewrites a JSON schema into the strict subset that OpenAI's strict function calling accepts,
 * without touching the input: every object gets `additionalProperties: false` and lists all of
 * its properties in `required`; a property that was optional becomes nullable (and its `null`
 * reaches the method as `undefined`). Shapes strict mode cannot express throw
 * `ToolDefinitionError` naming the tool and the field's JSON path, with a fix.
 * The rules are listed in the package README ("Strict schemas").
 *
 * @example
 * toStrictSchema({ type: 'object', properties: { units: { type: 'string' } } });
 * // { type: 'object', properties: { units: { type: ['string', 'null'] } },
 * //   required: ['units'], additionalProperties: false }
 */
export function toStrictSchema(schema: JsonSchema | undefined, options: StrictSchemaOptions = {}): JsonSchema {
  return new StrictRewriter(schema, options).run();
}

class StrictRewriter {
  private readonly limits: StrictSchemaLimits;
  private readonly root: JsonSchema;
  private nodes = 0;
  private properties = 0;
  private enumValues = 0;

  constructor(
    input: JsonSchema | undefined,
    private readonly options: StrictSchemaOptions,
  ) {
    this.limits = { ...DEFAULT_STRICT_LIMITS, ...options.limits };
    if (input === undefined || input === null || (isSchemaObject(input) && Object.keys(input).length === 0)) {
      this.root = { type: 'object', properties: {} };
    } else if (!isSchemaObject(input)) {
      throw this.fail('', `must be a JSON schema object (got ${describeValue(input)})`, 'pass an object schema such as { type: "object", properties: {...} }');
    } else {
      this.root = input;
    }
  }

  run(): JsonSchema {
    const out = this.rewrite(this.root, '', 0, 0, 0);
    if (out.type !== 'object') {
      throw this.fail(
        '',
        'must describe an object (the arguments of a tool call are always a JSON object)',
        'wrap the value in an object with named properties',
      );
    }
    return out;
  }

  private rewrite(node: unknown, path: string, depth: number, objectDepth: number, refHops: number): JsonSchema {
    if (++this.nodes > this.limits.maxNodes) {
      throw this.fail(path, `makes the schema larger than ${this.limits.maxNodes} nodes`, 'simplify the argument types');
    }
    if (depth > this.limits.maxSchemaDepth) {
      throw this.fail(path, `is nested deeper than ${this.limits.maxSchemaDepth} schema levels`, 'flatten the argument types (a cyclic object cannot be a schema)');
    }
    if (node === false) {
      throw this.fail(path, 'is the schema `false`, which no value matches (TypeScript `never`)', 'remove the field');
    }
    if (node === true || isUnconstrained(node)) {
      throw this.fail(
        path,
        'is unconstrained (TypeScript `any` or `unknown`, or an empty schema `{}`): strict mode needs a concrete type',
        `give it a concrete type (a primitive, a literal union, an interface or class), ${STRICT_FIX}`,
      );
    }
    if (!isSchemaObject(node)) {
      throw this.fail(path, `is not a schema (got ${describeValue(node)})`, 'use a JSON schema object');
    }
    if (typeof node.$ref === 'string') return this.rewriteRef(node, path, depth, objectDepth, refHops);
    if (Array.isArray(node.allOf) && node.allOf.length === 1) {
      const { allOf, ...rest } = node;
      if (!isSchemaObject(allOf[0])) this.rewrite(allOf[0], pointer(pointer(path, 'allOf'), 0), depth + 1, objectDepth, refHops);
      return this.rewrite({ ...rest, ...(allOf[0] as JsonSchema) }, path, depth, objectDepth, refHops);
    }
    if (!SHAPE_KEYWORDS.some((k) => k in node)) {
      throw this.fail(
        path,
        'has no type (only constraints or annotations), so it accepts any value like `any`',
        `add a "type", ${STRICT_FIX}`,
      );
    }
    return this.rewriteObjectNode(node, path, depth, objectDepth);
  }

  private rewriteRef(node: JsonSchema, path: string, depth: number, objectDepth: number, refHops: number): JsonSchema {
    const ref = node.$ref as string;
    if (!ref.startsWith('#')) {
      throw this.fail(path, `has $ref "${ref}", which is not a local reference`, 'bundle the schema so references look like "#/$defs/Name"');
    }
    const target = resolveLocalRef(this.root, ref);
    if (target === undefined) {
      throw this.fail(path, `has $ref "${ref}", which does not resolve inside the schema`, 'add the referenced definition under $defs or definitions');
    }
    const siblings = Object.keys(node).filter((k) => k !== '$ref');
    if (siblings.length === 0) return { $ref: ref };
    // A $ref with sibling keywords is inlined: the target's keys fill in what the node lacks.
    if (refHops >= this.limits.maxRefHops) {
      throw this.fail(path, `follows more than ${this.limits.maxRefHops} $ref hops`, 'break the chain of references');
    }
    if (!isSchemaObject(target)) return this.rewrite(target, path, depth, objectDepth, refHops + 1);
    const { $ref: _ignored, ...own } = node;
    const merged: JsonSchema = { ...target, ...own };
    if (ref === '#') {
      delete merged.$defs;
      delete merged.definitions;
    }
    return this.rewrite(merged, path, depth, objectDepth, refHops + 1);
  }

  private rewriteObjectNode(node: JsonSchema, path: string, depth: number, objectDepth: number): JsonSchema {
    const out: JsonSchema = {};
    const anyOf: JsonSchema[] = [];
    // A node's JSON pointer is built only where a child is rewritten or an error names it: most
    // keys are annotations and plain values, and building every pointer was a visible share of
    // the strict rewrite.
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key in UNSUPPORTED_KEYWORDS) {
        const fix = key === 'patternProperties' || key === 'propertyNames'
          ? `give the object fixed, named properties (or use an array of { key, value } entries), ${STRICT_FIX}`
          : key === 'prefixItems' || key === 'additionalItems'
            ? `use an object with named properties or an array of one item type, ${STRICT_FIX}`
            : `remove the keyword, ${STRICT_FIX}`;
        throw this.fail(path, `${UNSUPPORTED_KEYWORDS[key]}, which strict mode does not support`, fix);
      }
      switch (key) {
        case '$schema':
        case 'default':
        case 'properties':
        case 'required':
        case 'additionalProperties':
          break;
        case '$defs':
        case 'definitions':
          out[key] = this.rewriteDefinitions(value, pointer(path, key), depth);
          break;
        case 'items':
          if (Array.isArray(value)) {
            throw this.fail(path, 'is a tuple (items is an array), which strict mode does not support', `use an object with named properties or an array of one item type, ${STRICT_FIX}`);
          }
          if (value === true || isUnconstrained(value)) {
            throw this.fail(pointer(path, key), 'makes the array items unconstrained (`any[]` or `unknown[]`)', `give the items a concrete type, ${STRICT_FIX}`);
          }
          out.items = this.rewrite(value, pointer(path, key), depth + 1, objectDepth, 0);
          break;
        case 'anyOf':
        case 'oneOf':
          anyOf.push(...this.rewriteVariants(value, pointer(path, key), depth, objectDepth));
          break;
        case 'allOf':
          throw this.fail(path, 'uses allOf with several schemas, which strict mode does not support', `merge them into one object schema, ${STRICT_FIX}`);
        case 'enum':
          if (!Array.isArray(value) || value.length === 0) {
            throw this.fail(pointer(path, key), 'must be a non-empty array', 'list the allowed values');
          }
          this.countEnum(value.length, path, key);
          out.enum = cloneJson(value);
          break;
        default:
          out[key] = cloneJson(value);
      }
    }
    if (anyOf.length > 0) out.anyOf = anyOf;
    if (isObjectSchema(node)) this.rewriteProperties(node, out, path, depth, objectDepth);
    else if (typeIncludes(node.type, 'array') && !('items' in node)) {
      throw this.fail(path, 'is an array without an items schema (`any[]`)', `give the items a concrete type, ${STRICT_FIX}`);
    }
    return out;
  }

  private rewriteDefinitions(value: unknown, path: string, depth: number): JsonSchema {
    if (!isSchemaObject(value)) throw this.fail(path, 'must be an object of named schemas', 'use { "Name": { ...schema } }');
    const out: JsonSchema = {};
    for (const name of Object.keys(value)) out[name] = this.rewrite(value[name], pointer(path, name), depth + 1, 0, 0);
    return out;
  }

  private rewriteVariants(value: unknown, path: string, depth: number, objectDepth: number): JsonSchema[] {
    if (!Array.isArray(value) || value.length === 0) {
      throw this.fail(path, 'must be a non-empty array of schemas', 'list the alternatives');
    }
    return value.map((variant, i) => this.rewrite(variant, pointer(path, i), depth + 1, objectDepth, 0));
  }

  private rewriteProperties(node: JsonSchema, out: JsonSchema, path: string, depth: number, objectDepth: number): void {
    if (objectDepth > this.limits.maxObjectDepth) {
      throw this.fail(path, `nests objects deeper than ${this.limits.maxObjectDepth} levels (the strict-mode limit)`, 'flatten the argument types');
    }
    const additional = node.additionalProperties;
    if (additional !== undefined && additional !== false) {
      const what = additional === true
        ? 'has additionalProperties: true (an object that accepts arbitrary extra keys)'
        : 'is a map with arbitrary keys (additionalProperties is a schema, e.g. `Record<string, T>` or `{ [key: string]: T }`)';
      throw this.fail(path, `${what}, which strict mode cannot express`, `give the object fixed, named properties (or use an array of { key, value } entries), ${STRICT_FIX}`);
    }
    const properties = node.properties ?? {};
    if (!isSchemaObject(properties)) {
      throw this.fail(pointer(path, 'properties'), 'must be an object mapping names to schemas', 'use { "name": { ...schema } }');
    }
    const declaredRequired = Array.isArray(node.required) ? (node.required as unknown[]) : [];
    for (const name of declaredRequired) {
      if (typeof name !== 'string' || !(name in properties)) {
        throw this.fail(pointer(path, 'required'), `lists "${String(name)}", which is not a declared property`, 'declare the property or remove it from required');
      }
    }
    const required = new Set(declaredRequired as string[]);
    const outProperties: JsonSchema = {};
    const optional: string[] = [];
    for (const name of Object.keys(properties)) {
      if (++this.properties > this.limits.maxProperties) {
        throw this.fail(path, `brings the schema above ${this.limits.maxProperties} properties (the strict-mode limit)`, 'split the tool or simplify its arguments');
      }
      const child = this.rewrite(properties[name], pointer(pointer(path, 'properties'), name), depth + 1, objectDepth + 1, 0);
      if (required.has(name) || admitsNull(child)) {
        outProperties[name] = child;
      } else {
        outProperties[name] = makeNullable(child);
        optional.push(name);
      }
    }
    if (out.type === undefined) out.type = 'object';
    out.properties = outProperties;
    out.required = Object.keys(outProperties);
    out.additionalProperties = false;
    recordOptionalKeys(out, optional);
  }

  private countEnum(count: number, path: string, key: string): void {
    this.enumValues += count;
    if (this.enumValues > this.limits.maxEnumValues) {
      throw this.fail(pointer(path, key), `brings the schema above ${this.limits.maxEnumValues} enum values (the strict-mode limit)`, 'use a plain string with a description, or split the tool');
    }
  }

  private fail(path: string, what: string, fix: string): ToolDefinitionError {
    const field = path === '' ? 'the arguments schema' : describeField(path);
    const subject = this.options.toolName ? `Tool "${this.options.toolName}": ` : '';
    return new ToolDefinitionError(
      `${subject}${field} (schema path ${path || '/'}) ${what}. Fix: ${fix}.`,
      this.options.toolName,
      path,
    );
  }
}

function describeField(path: string): string {
  const field = fieldPathOf(path);
  return field ? `field "${field}"` : 'the schema node';
}

function isObjectSchema(node: JsonSchema): boolean {
  return typeIncludes(node.type, 'object') || 'properties' in node || ('additionalProperties' in node && node.type === undefined);
}

function typeIncludes(type: unknown, name: string): boolean {
  return type === name || (Array.isArray(type) && type.includes(name));
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : String(value);
}

import type { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { STRICT_FIX } from './strict-refusals';
import { pointer } from './json-pointer';
import { cloneJsonBounded, isSchemaObject, isUnconstrained } from './schema-utils';
import type { DefinitionRecord } from './strict-definitions';
import { appendSentences, describeKeyword, patternNeedsLocalCheck } from './strict-descriptions';
import { LOCAL_FORMATS, MODEL_FORMATS } from './strict-keywords';
import type { StrictSchemaLimits } from './strict-limits';
import { recordLocalKeywords } from './strict-local-schema';
import { makeNullable } from './strict-nullable';
import { recordNullableOptionalKeys, recordOptionalKeys } from './strict-optional-keys';
import { provablyDisjoint } from './strict-disjoint';
import { RewrittenOutput } from './strict-output';

/** What the node writer needs from the rewriter. @internal */
export interface NodeWriterHost {
  readonly limits: StrictSchemaLimits;
  hasLocalKeywords: boolean;
  rewrite(node: unknown, path: string, depth: number, objectDepth: number, base: string, origin?: object): JsonSchema;
  rewriteDefinition(record: DefinitionRecord): JsonSchema | undefined;
  readonly definitions: { get(ref: string): DefinitionRecord | undefined };
  unconstrained(path: string): ToolDefinitionError;
  fail(path: string, what: string, fix: string): ToolDefinitionError;
}

const TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const COUNTS = ['minItems', 'maxItems', 'minLength', 'maxLength'];

/**
 * Writes one plain schema node (no `$ref`, no `allOf`, no constraints beside a union) in its
 * strict form: checks each keyword's value, keeps what the model's strict mode accepts, moves
 * the rest into the description and the local validator, and closes objects (every property
 * required, optional ones nullable, defaults recorded).
 *
 * @internal
 */
export class StrictNodeWriter {
  private properties = 0;
  private enumValues = 0;
  private described?: WeakMap<object, { text: unknown; sentences: string[] }>;

  private readonly output: RewrittenOutput;

  constructor(private readonly host: NodeWriterHost) {
    this.output = new RewrittenOutput(host);
  }

  write(schema: JsonSchema, path: string, depth: number, objectDepth: number, base: string): JsonSchema {
    const out: JsonSchema = {};
    const sentences: string[] = [];
    const local: Record<string, unknown> = {};
    const at = (key: string): string => pointer(path, key);
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (NUMBERS.includes(key) || key === 'multipleOf') {
        if (typeof value !== 'number' || !Number.isFinite(value) || (key === 'multipleOf' && value <= 0)) {
          throw this.host.fail(at(key), `must be a ${key === 'multipleOf' ? 'positive ' : ''}number`, 'correct the keyword');
        }
        out[key] = value;
      } else if (COUNTS.includes(key)) {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw this.host.fail(at(key), 'must be a non-negative integer', 'correct the keyword');
        if (key === 'minLength' || key === 'maxLength') {
          local[key] = value;
          sentences.push(describeKeyword[key](value));
        } else out[key] = value;
      } else {
        switch (key) {
          case 'type':
            out.type = this.checkType(value, path);
            break;
          case 'enum':
            if (!Array.isArray(value) || value.length === 0) throw this.host.fail(at(key), 'must be a non-empty array', 'list the allowed values');
            this.enumValues += value.length;
            if (this.enumValues > this.host.limits.maxEnumValues) {
              throw this.host.fail(at(key), `brings the schema above ${this.host.limits.maxEnumValues} enum values (the strict-mode limit)`, 'use a plain string with a description, or split the tool');
            }
            out.enum = this.copyValue(value, path, key);
            break;
          case 'const':
            out.const = this.copyValue(value, path, key);
            break;
          case 'title':
          case 'description':
            if (typeof value !== 'string') throw this.host.fail(at(key), 'must be a string', 'write it as text');
            out[key] = value;
            break;
          case 'uniqueItems':
            if (typeof value !== 'boolean') throw this.host.fail(at(key), 'must be true or false', 'correct the keyword');
            if (value) {
              local.uniqueItems = true;
              sentences.push(describeKeyword.uniqueItems());
            }
            break;
          case 'pattern':
            this.writePattern(value, path, out, local, sentences);
            break;
          case 'format':
            this.writeFormat(value, path, out, local, sentences);
            break;
          case 'items':
            if (Array.isArray(value)) throw this.host.fail(path, 'is a tuple (items is an array), which strict mode does not support', `use an object with named properties or an array of one item type, ${STRICT_FIX}`);
            if (value === true || isUnconstrained(value)) throw this.host.fail(at(key), 'makes the array items unconstrained (`any[]` or `unknown[]`)', `give the items a concrete type, ${STRICT_FIX}`);
            out.items = this.host.rewrite(value, at(key), depth + 1, objectDepth, base);
            break;
          case 'anyOf':
          case 'oneOf': {
            if (!Array.isArray(value) || value.length === 0) throw this.host.fail(at(key), 'must be a non-empty array of schemas', 'list the alternatives');
            const branches = value.map((v, i) => this.host.rewrite(v, pointer(at(key), i), depth + 1, objectDepth, base));
            out.anyOf = branches;
            if (key === 'oneOf') this.exclusive(branches, local, sentences);
            break;
          }
          case 'examples':
          case 'deprecated':
          case 'contentEncoding':
          case 'contentMediaType':
            sentences.push(...this.annotationSentences({ [key]: value }));
            break;
          default:
          // properties, required and additionalProperties are written with the object below;
          // `default` by the parent object; the rest is removed (see STRICT_KEYWORD_RULES).
        }
      }
    }
    if ('items' in schema && out.type === undefined) out.type = 'array';
    if (isObjectSchema(schema)) this.writeObject(schema, out, path, depth, objectDepth, base);
    else if (typeIncludes(out.type, 'array') && !('items' in schema)) {
      throw this.host.fail(path, 'is an array without an items schema (`any[]`)', `give the items a concrete type, ${STRICT_FIX}`);
    }
    if (sentences.length > 0) this.redescribe(out, schema.description, sentences);
    if (Object.keys(local).length > 0) {
      recordLocalKeywords(out, local);
      this.host.hasLocalKeywords = true;
    }
    return out;
  }

  /** A union of rewritten branches with the wrapper's annotations; `oneOf` checks "exactly one" locally. */
  writeUnion(annotations: JsonSchema, branches: JsonSchema[], exclusive: boolean, path: string): JsonSchema {
    const out: JsonSchema = {};
    if (annotations.title !== undefined) {
      if (typeof annotations.title !== 'string') throw this.host.fail(pointer(path, 'title'), 'must be a string', 'write it as text');
      out.title = annotations.title;
    }
    const local: Record<string, unknown> = {};
    const sentences = this.annotationSentences(annotations);
    out.anyOf = branches;
    if (exclusive) this.exclusive(branches, local, sentences);
    if (typeof annotations.description === 'string' || sentences.length > 0) this.redescribe(out, annotations.description, sentences);
    if (Object.keys(local).length > 0) {
      recordLocalKeywords(out, local);
      this.host.hasLocalKeywords = true;
    }
    return out;
  }

  /** The sentences for described annotations (`examples`, `deprecated`, `contentEncoding`, ...). */
  annotationSentences(schema: JsonSchema): string[] {
    const out: string[] = [];
    if (Array.isArray(schema.examples) && schema.examples.length > 0) out.push(describeKeyword.examples(schema.examples));
    if (schema.deprecated === true) out.push(describeKeyword.deprecated());
    if (typeof schema.contentEncoding === 'string') out.push(describeKeyword.contentEncoding(schema.contentEncoding));
    if (typeof schema.contentMediaType === 'string') out.push(describeKeyword.contentMediaType(schema.contentMediaType));
    return out;
  }

  /** Sets a node's description to `text` plus the sentences it already carried and `more`. */
  redescribe(out: JsonSchema, text: unknown, more: readonly string[]): void {
    const known = this.described?.get(out);
    const description = text ?? known?.text ?? out.description;
    const sentences = [...(known?.sentences ?? []), ...more.filter((s) => !known?.sentences.includes(s))];
    const joined = appendSentences(description, sentences);
    if (joined !== '') out.description = joined;
    (this.described ??= new WeakMap()).set(out, { text: description, sentences });
  }

  private exclusive(branches: JsonSchema[], local: Record<string, unknown>, sentences: string[]): void {
    if (provablyDisjoint(branches, (ref) => this.output.resolve(ref))) return;
    local.oneOf = branches;
    sentences.push(describeKeyword.oneOf());
  }

  private writeObject(schema: JsonSchema, out: JsonSchema, path: string, depth: number, objectDepth: number, base: string): void {
    const limits = this.host.limits;
    if (objectDepth > limits.maxObjectDepth) {
      throw this.host.fail(path, `nests objects deeper than ${limits.maxObjectDepth} levels (the strict-mode limit)`, 'flatten the argument types');
    }
    const additional = schema.additionalProperties;
    if (additional !== undefined && additional !== false) {
      const what = additional === true
        ? 'has additionalProperties: true (an object that accepts arbitrary extra keys)'
        : 'is a map with arbitrary keys (additionalProperties is a schema, e.g. `Record<string, T>` or `{ [key: string]: T }`)';
      throw this.host.fail(path, `${what}, which strict mode cannot express`, `give the object fixed, named properties (or use an array of { key, value } entries), ${STRICT_FIX}`);
    }
    const properties = schema.properties ?? {};
    if (!isSchemaObject(properties)) throw this.host.fail(pointer(path, 'properties'), 'must be an object mapping names to schemas', 'use { "name": { ...schema } }');
    if (schema.required !== undefined && !Array.isArray(schema.required)) {
      throw this.host.fail(pointer(path, 'required'), `must be an array of property names (got ${JSON.stringify(schema.required)})`, 'list the required property names');
    }
    const declared = (schema.required ?? []) as unknown[];
    for (const name of declared) {
      if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(properties, name)) {
        throw this.host.fail(pointer(path, 'required'), `lists ${JSON.stringify(name)}, which is not a declared property`, 'declare the property or remove it from required');
      }
    }
    const required = new Set(declared as string[]);
    const outProperties: JsonSchema = {};
    const optional: string[] = [];
    const nullableOptional: string[] = [];
    let defaults: Record<string, unknown> | undefined;
    for (const name of Object.keys(properties)) {
      if (++this.properties > limits.maxProperties) {
        throw this.host.fail(path, `brings the schema above ${limits.maxProperties} properties (the strict-mode limit)`, 'split the tool or simplify its arguments');
      }
      const at = pointer(pointer(path, 'properties'), name);
      const input = properties[name];
      const child = this.host.rewrite(input, at, depth + 1, objectDepth + 1, base);
      if (required.has(name) || this.output.admitsNull(child)) {
        if (!required.has(name)) nullableOptional.push(name);
        outProperties[name] = child;
        continue;
      }
      const nullable = makeNullable(child);
      optional.push(name);
      const value = isSchemaObject(input) ? input.default : undefined;
      if (value !== undefined) {
        if (!this.output.fits(child, value)) {
          throw this.host.fail(pointer(at, 'default'), `is ${JSON.stringify(value)}, which the property's own schema does not accept`, 'correct the default or the schema');
        }
        (defaults ??= {})[name] = this.copyValue(value, at, 'default');
        nullable.description = appendSentences(nullable.description, [describeKeyword.default(value)]);
      }
      outProperties[name] = nullable;
    }
    if (out.type === undefined) out.type = 'object';
    out.properties = outProperties;
    out.required = Object.keys(outProperties);
    out.additionalProperties = false;
    recordOptionalKeys(out, optional, defaults);
    recordNullableOptionalKeys(out, nullableOptional);
  }

  /** A copy of a JSON value the schema holds (enum, const, default), refused when absurdly deep. */
  private copyValue(value: unknown, path: string, key: string): unknown {
    const copy = cloneJsonBounded(value);
    if (copy === undefined && value !== undefined) throw this.host.fail(pointer(path, key), 'holds a value nested deeper than 256 levels (or a cyclic one)', 'use plain JSON data');
    return copy;
  }

  private checkType(value: unknown, path: string): unknown {
    const at = pointer(path, 'type');
    const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
    if (list === undefined || list.length === 0 || !list.every((t) => typeof t === 'string' && TYPES.has(t)) || new Set(list).size !== list.length) {
      throw this.host.fail(at, `must be one of "string", "number", "integer", "boolean", "object", "array", "null", or an array of distinct ones (got ${JSON.stringify(value)})`, 'correct the type');
    }
    return list.length === 1 ? list[0] : [...list];
  }

  private writePattern(value: unknown, path: string, out: JsonSchema, local: Record<string, unknown>, sentences: string[]): void {
    const at = pointer(path, 'pattern');
    if (typeof value !== 'string') throw this.host.fail(at, 'must be a string', 'write the regular expression as a string');
    try {
      new RegExp(value, 'u');
    } catch (error) {
      throw this.host.fail(at, `is not a valid regular expression (${(error as Error).message})`, 'correct the pattern (it is compiled with the "u" flag)');
    }
    if (!patternNeedsLocalCheck(value)) out.pattern = value;
    else {
      local.pattern = value;
      sentences.push(describeKeyword.pattern(value));
    }
  }

  private writeFormat(value: unknown, path: string, out: JsonSchema, local: Record<string, unknown>, sentences: string[]): void {
    const at = pointer(path, 'format');
    if (typeof value !== 'string') throw this.host.fail(at, 'must be a string', 'name a format such as "date-time"');
    if (MODEL_FORMATS.has(value)) out.format = value;
    else if (LOCAL_FORMATS.has(value)) {
      local.format = value;
      sentences.push(describeKeyword.format(value));
    } else {
      throw this.host.fail(at, `is "${value}", a format that is neither accepted by strict mode nor checked locally`, `use one of ${[...MODEL_FORMATS, ...LOCAL_FORMATS].join(', ')}, or a pattern, ${STRICT_FIX}`);
    }
  }
}

function isObjectSchema(node: JsonSchema): boolean {
  return typeIncludes(node.type, 'object') || 'properties' in node || ('additionalProperties' in node && node.type === undefined);
}

function typeIncludes(type: unknown, name: string): boolean {
  return type === name || (Array.isArray(type) && type.includes(name));
}

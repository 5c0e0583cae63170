import type { JsonSchema } from '../contracts/json-schema';
import { carryLocalKeywords, localKeywordsOf } from './strict-local-schema';
import { nullableOptionalKeysOf, optionalDefaultsOf, optionalKeysOf, recordNullableOptionalKeys, recordOptionalKeys } from './strict-optional-keys';

const SIMPLE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Makes a rewritten schema also accept `null`, as simply as the shape allows: `null` added to a
 * primitive `type` (and `enum`), a `{ type: 'null' }` branch added to a plain `anyOf`, otherwise
 * `{ anyOf: [schema, { type: 'null' }] }` with the title and description on the wrapper.
 * Recorded optional keys, defaults and locally checked keywords follow the node they belong to.
 *
 * @internal
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  const local = localKeywordsOf(schema);
  const simple = !('anyOf' in schema) && !('const' in schema) && !('$ref' in schema) && local?.oneOf === undefined;
  const type = schema.type;
  const primitive = typeof type === 'string' ? SIMPLE_TYPES.has(type) : Array.isArray(type) && type.length > 0 && type.every((t) => SIMPLE_TYPES.has(t as string));
  if (simple && primitive) {
    const out: JsonSchema = { ...schema, type: typeof type === 'string' ? [type, 'null'] : [...(type as string[]), 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    carryLocalKeywords(schema, out);
    return out;
  }
  const annotations = Object.keys(schema).every((k) => k === 'anyOf' || k === 'description' || k === 'title');
  if (Array.isArray(schema.anyOf) && annotations && local === undefined) {
    return { ...schema, anyOf: [...(schema.anyOf as JsonSchema[]), { type: 'null' }] };
  }
  // The title and description move to the wrapper, where the model reads them. The wrapped node
  // is a copy without them (deleting keys would turn every such node into a slow, larger
  // dictionary-mode object), and the side tables follow it to the copy.
  const wrapper: JsonSchema = {};
  const inner: JsonSchema = {};
  for (const key of Object.keys(schema)) {
    if (key === 'title' || key === 'description') wrapper[key] = schema[key];
    else inner[key] = schema[key];
  }
  const optional = optionalKeysOf(schema);
  if (optional !== undefined) recordOptionalKeys(inner, optional, optionalDefaultsOf(schema));
  const nullableOptional = nullableOptionalKeysOf(schema);
  if (nullableOptional !== undefined) recordNullableOptionalKeys(inner, nullableOptional);
  carryLocalKeywords(schema, inner);
  wrapper.anyOf = [inner, { type: 'null' }];
  return wrapper;
}

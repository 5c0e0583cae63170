import type { JsonSchema } from '../tool/json-schema';
import { optionalKeysOf, recordOptionalKeys } from './strict-optional-keys';

const PRIMITIVE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/** Makes a rewritten schema also accept `null`, as simply as the shape allows. @internal */
export function makeNullable(schema: JsonSchema): JsonSchema {
  const simple = !('anyOf' in schema) && !('const' in schema) && !('$ref' in schema);
  if (simple && typeof schema.type === 'string' && PRIMITIVE_TYPES.has(schema.type)) {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  const annotations = Object.keys(schema).every((k) => k === 'anyOf' || k === 'description' || k === 'title');
  if (Array.isArray(schema.anyOf) && annotations) {
    return { ...schema, anyOf: [...(schema.anyOf as JsonSchema[]), { type: 'null' }] };
  }
  // The title and description move to the wrapper, where the model reads them. The wrapped node
  // is a copy without them (deleting keys would turn every such node into a slow, larger
  // dictionary-mode object), and the side table of optional keys follows it to the copy.
  const wrapper: JsonSchema = {};
  const inner: JsonSchema = {};
  for (const key of Object.keys(schema)) {
    if (key === 'title' || key === 'description') wrapper[key] = schema[key];
    else inner[key] = schema[key];
  }
  const optional = optionalKeysOf(schema);
  if (optional !== undefined) recordOptionalKeys(inner, optional);
  wrapper.anyOf = [inner, { type: 'null' }];
  return wrapper;
}

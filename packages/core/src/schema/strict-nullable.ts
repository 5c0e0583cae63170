import type { JsonSchema } from '../tool/json-schema';

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
  // The wrapped node keeps its identity (the side table of optional keys is keyed by it); its
  // description moves to the wrapper, where the model reads it.
  const wrapper: JsonSchema = {};
  for (const key of ['title', 'description'] as const) {
    if (key in schema) {
      wrapper[key] = schema[key];
      delete schema[key];
    }
  }
  wrapper.anyOf = [schema, { type: 'null' }];
  return wrapper;
}

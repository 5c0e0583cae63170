import { parseToolArguments, toStrictSchema, UserError, type JsonSchema } from '@toolwright/core';
import { portableStrictSchema, restoreStrictSideTables } from '@toolwright/core/internal';

// A schema whose strict form needs all three side tables: optional keys (nested too), a default,
// and keywords strict mode lacks that core checks itself (minLength, uniqueItems).
const loose: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    size: { type: 'integer', default: 3 },
    where: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city'] },
  },
  required: ['name'],
};

/** The portable form as it travels: JSON text, parsed into fresh objects. */
function travelled(): { parameters: JsonSchema; strict: ReturnType<typeof portableStrictSchema>['strict'] } {
  return JSON.parse(JSON.stringify(portableStrictSchema(loose)));
}

describe('a strict schema computed at build time (portableStrictSchema) and restored at run time', () => {
  it('is the strict rewrite, with what the rewrite knows besides the schema as JSON', () => {
    const portable = travelled();
    expect(portable.parameters).toEqual(toStrictSchema(loose));
    expect(portable.strict).toEqual({
      optional: { '': ['tags', 'size', 'where'], '/properties/where/anyOf/0': ['zip'] },
      defaults: { '': { size: 3 } },
      local: { '/properties/name': { minLength: 2 }, '/properties/tags/anyOf/0': { uniqueItems: true } },
    });
  });

  it('validates and maps arguments exactly as the schema rewritten at run time does', () => {
    const portable = travelled();
    restoreStrictSideTables(portable.parameters, portable.strict, 'the test');
    const restored = { name: 'restored', parameters: portable.parameters };
    const direct = { name: 'direct', parameters: toStrictSchema(loose) };
    const call = '{"name":"ab","tags":null,"size":null,"where":{"city":"Oslo","zip":null}}';
    expect(parseToolArguments(restored, call)).toEqual({ name: 'ab', size: 3, where: { city: 'Oslo' } });
    expect(parseToolArguments(restored, call)).toEqual(parseToolArguments(direct, call));
    // Checked by core, not by the schema the model sees: too short, and repeated tags.
    expect(() => parseToolArguments(restored, '{"name":"a","tags":null,"size":1,"where":null}')).toThrow(/name/);
    expect(() => parseToolArguments(restored, '{"name":"ab","tags":["x","x"],"size":1,"where":null}')).toThrow(/tags/);
  });

  it('refuses side tables that name no object of the schema, or have the wrong shape', () => {
    const portable = travelled();
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { '/properties/nope': ['x'] } }, '@Tool on A.m')).toThrow(UserError);
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { '/properties/nope': ['x'] } }, '@Tool on A.m')).toThrow(
      /embedded strict schema of @Tool on A\.m names "\/properties\/nope", which is no object of its schema\. Fix: rebuild/,
    );
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { '': 'tags' as never } }, 'A.m')).toThrow(/"optional" entry at "" of the wrong shape/);
    expect(() => restoreStrictSideTables(portable.parameters, { local: [] as never }, 'A.m')).toThrow(/"local" that is not an object/);
    // Strange pointers: not a pointer, the prototype, past a leaf, an array element.
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { properties: ['x'] } }, 'A.m')).toThrow(/names "properties", which is not a JSON pointer/);
    expect(() => restoreStrictSideTables(portable.parameters, { local: { '/__proto__': { minLength: 1 } } }, 'A.m')).toThrow(/names "\/__proto__", which is no object/);
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { '/properties/name/type/0/x': ['y'] } }, 'A.m')).toThrow(UserError);
    expect(() => restoreStrictSideTables(portable.parameters, { optional: { '/required': ['y'] } }, 'A.m')).toThrow(/no object of its schema/);
    expect(({} as Record<string, unknown>).minLength).toBeUndefined();
  });
});

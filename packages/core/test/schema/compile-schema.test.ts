import { compileSchema, firstErrorAjv } from '../../src/schema/ajv-instance';

describe('compileSchema', () => {
  describe('for tool arguments (first error only)', () => {
    it('compiles a plainly valid schema without compiling the meta-schema', () => {
      const validate = compileSchema({ type: 'object', properties: { q: { type: 'string', maxLength: 3 } }, required: ['q'], additionalProperties: false }, { allErrors: false });
      expect(validate({ q: 'abc' })).toBe(true);
      expect(validate({ q: 'abcd' })).toBe(false);
      // ajv keeps each meta-schema as an entry whose validator appears once compiled.
      const schemas = (firstErrorAjv() as unknown as { schemas: Record<string, { validate?: unknown } | undefined> }).schemas;
      expect(schemas['http://json-schema.org/draft-07/schema']).toBeDefined();
      expect(schemas['http://json-schema.org/draft-07/schema']?.validate).toBeUndefined();
    });

    it('still refuses a schema the meta-schema refuses, with ajv\'s own error', () => {
      expect(() => compileSchema({ type: 'object', properties: { q: { type: 'strin' } } }, { allErrors: false })).toThrow(/schema is invalid: data\/properties\/q\/type/);
      expect(() => compileSchema({ type: 'object', required: 'q' }, { allErrors: false })).toThrow(/schema is invalid/);
    });

    it('accepts a valid schema the quick check cannot vouch for, after ajv checked it', () => {
      const validate = compileSchema({ type: 'object', properties: { n: { not: { type: 'string' } } } }, { allErrors: false });
      expect(validate({ n: 1 })).toBe(true);
      expect(validate({ n: 'x' })).toBe(false);
    });
  });
});

import { defineTool, parseToolArguments, ToolDefinitionError } from '../../src';

const invoke = () => 'ok';

describe('defineTool', () => {
  it('fills every runner-side field with its default', () => {
    const tool = defineTool({ name: 'ping', description: 'Ping.', parameters: {}, invoke });
    expect(tool).toEqual({
      type: 'function', name: 'ping', description: 'Ping.', strict: true, invoke, source: 'defineTool',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      needsApproval: false, inputGuardrails: [], outputGuardrails: [], interceptors: [],
      deferred: false, duplicates: 'allow', cancellable: true,
    });
  });

  it('carries given fields, and a spread copy is a working variant', () => {
    const failureError = () => 'failed';
    const tool = defineTool({ name: 'x', description: '', parameters: {}, invoke, timeoutMs: 500, failureError, deferred: true, duplicates: 'reject', cancellable: false, needsApproval: true });
    expect(tool).toMatchObject({ timeoutMs: 500, failureError, deferred: true, duplicates: 'reject', cancellable: false, needsApproval: true });
    const variant = { ...tool, needsApproval: false };
    expect(parseToolArguments(variant, '{}')).toEqual({});
  });

  it('leaves the caller schema untouched and honours strict: false', () => {
    const parameters = { type: 'object', properties: { a: { type: 'string' }, meta: { type: 'object', additionalProperties: true } } };
    const before = JSON.stringify(parameters);
    const loose = defineTool({ name: 'loose', description: '', parameters, strict: false, invoke });
    expect(loose.strict).toBe(false);
    expect(loose.parameters).toEqual(parameters);
    expect(loose.parameters).not.toBe(parameters);
    expect(JSON.stringify(parameters)).toBe(before);
    expect(() => defineTool({ name: 'strict', description: '', parameters, invoke })).toThrow(/map|additionalProperties: true/);
  });

  it.each([
    ['', /must not be empty/],
    ['has space', /may only contain/],
    ['x'.repeat(65), /at most 64/],
  ])('rejects the tool name %j', (name, pattern) => {
    expect(() => defineTool({ name, description: '', parameters: {}, invoke })).toThrow(pattern);
  });

  it('reports an invalid schema with its JSON path', () => {
    let error: ToolDefinitionError | undefined;
    try {
      defineTool({ name: 'w', description: '', parameters: { type: 'object', properties: { units: { type: 'strng' } } }, invoke });
    } catch (e) {
      error = e as ToolDefinitionError;
    }
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error?.path).toBe('/properties/units/type');
    expect(error?.message).toMatch(/Tool "w": invalid JSON schema at \/properties\/units\/type \(field "units"\)/);
  });

  it('rejects a non-object root and invalid options', () => {
    expect(() => defineTool({ name: 'a', description: '', parameters: { type: 'string' }, invoke })).toThrow(/must describe an object/);
    expect(() => defineTool({ name: 'a', description: '', parameters: {}, invoke, timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => defineTool({ name: 'a', description: '', parameters: {}, invoke, duplicates: 'never' as never })).toThrow(/duplicates/);
    expect(() => defineTool({ name: 'a', description: '', parameters: {}, invoke: 'no' as never })).toThrow(/invoke/);
  });
});

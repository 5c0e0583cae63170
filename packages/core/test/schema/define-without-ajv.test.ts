// A fresh module registry per test, in which loading ajv is recorded: defining tools with valid
// schemas must not load it (it was most of the cold cost of defining tools); an invalid schema
// still gets ajv's exact diagnosis.
describe('defineTool and the JSON Schema meta-schema check', () => {
  let loaded: string[];

  beforeEach(() => {
    loaded = [];
    jest.resetModules();
    jest.doMock('ajv', () => {
      loaded.push('ajv');
      return jest.requireActual('ajv');
    });
  });

  afterEach(() => {
    jest.dontMock('ajv');
    jest.resetModules();
  });

  const load = (): typeof import('../../src') => require('../../src') as typeof import('../../src');

  it('defines a thousand tools with valid schemas without loading ajv', () => {
    const { defineTool } = load();
    for (let i = 0; i < 1000; i++) {
      defineTool({
        name: `tool_${i}`,
        description: `Tool ${i}.`,
        parameters: {
          type: 'object',
          properties: { q: { type: 'string', pattern: '^\\w+$' }, limit: { type: 'integer', minimum: 1, maximum: 100 + i }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['q', 'limit'],
        },
        invoke: () => 'ok',
      });
    }
    expect(loaded).toEqual([]);
  });

  it('asks ajv about a schema it cannot vouch for, and reports the path of the problem', () => {
    const { defineTool, ToolDefinitionError } = load();
    const define = (): unknown =>
      defineTool({ name: 'bad', description: 'Bad.', parameters: { type: 'object', properties: { units: { type: 'celsius' } } }, invoke: () => 'ok' });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(/invalid JSON schema at \/properties\/units\/type \(field "units"\)/);
    expect(loaded).toEqual(['ajv']);
  });
});

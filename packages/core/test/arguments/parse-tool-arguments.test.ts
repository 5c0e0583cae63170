import { defineTool, parseToolArguments, ToolArgumentsError, ToolDefinitionError } from '../../src';
import type { Tool } from '../../src';

function weatherTool(strict = true): Tool {
  return defineTool({
    name: 'get_weather',
    description: 'Weather for a city.',
    strict,
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 7 },
        detailed: { type: 'boolean' },
      },
      required: ['city'],
    },
    invoke: () => 'ok',
  });
}

function violationsOf(fn: () => unknown): ToolArgumentsError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolArgumentsError);
    return error as ToolArgumentsError;
  }
  throw new Error('expected ToolArgumentsError');
}

describe('parseToolArguments', () => {
  describe('when the arguments are valid', () => {
    it('returns the parsed object', () => {
      const args = parseToolArguments(weatherTool(), '{"city":"Oslo","units":"celsius","days":3,"detailed":true}');
      expect(args).toEqual({ city: 'Oslo', units: 'celsius', days: 3, detailed: true });
    });

    it('turns nulls of optional fields into undefined', () => {
      const args = parseToolArguments(weatherTool(), '{"city":"Oslo","units":null,"days":null,"detailed":null}');
      expect(args).toEqual({ city: 'Oslo' });
      expect(Object.values(args as object)).toEqual(['Oslo', undefined, undefined, undefined]);
    });

    it('treats an empty or blank string as {}', () => {
      const tool = defineTool({ name: 'ping', description: '', parameters: {}, invoke: () => 'pong' });
      expect(parseToolArguments(tool, '')).toEqual({});
      expect(parseToolArguments(tool, '  \n ')).toEqual({});
    });

    it('accepts surrounding whitespace', () => {
      expect(parseToolArguments(weatherTool(), '  {"city":"Oslo","units":null,"days":null,"detailed":null}\n')).toEqual({ city: 'Oslo' });
    });
  });

  describe('when the arguments are invalid', () => {
    it('lists every violation with its path', () => {
      const error = violationsOf(() => parseToolArguments(weatherTool(), '{"units":"kelvin","days":9,"detailed":"yes","extra":1}', 'call_1'));
      expect(error.callId).toBe('call_1');
      expect(error.toolName).toBe('get_weather');
      const byPath = Object.fromEntries(error.violations.map((v) => [v.path, v.message]));
      expect(Object.keys(byPath).sort()).toEqual(['/city', '/days', '/detailed', '/extra', '/units']);
      expect(byPath['/city']).toMatch(/required/);
      expect(byPath['/units']).toMatch(/"celsius", "fahrenheit"/);
      expect(byPath['/units']).toMatch(/got "kelvin"/);
      expect(byPath['/days']).toMatch(/<= 7/);
      expect(byPath['/detailed']).toBe('must be boolean or null (got "yes")');
      expect(byPath['/extra']).toMatch(/not an allowed property; allowed properties: city, units, days, detailed/);
      expect(error.message).toContain('- /units:');
      expect(error.message).toContain('Fix the arguments');
    });

    it('tells the model to send null for a missing optional field in strict mode', () => {
      const error = violationsOf(() => parseToolArguments(weatherTool(), '{"city":"Oslo"}'));
      expect(error.violations).toEqual(
        expect.arrayContaining([{ path: '/units', message: 'is required; send null if you have no value for it' }]),
      );
    });

    it('reports malformed JSON and non-object payloads', () => {
      expect(violationsOf(() => parseToolArguments(weatherTool(), '{"city":')).violations[0].message).toMatch(/not valid JSON/);
      expect(violationsOf(() => parseToolArguments(weatherTool(), '[1]')).violations[0].message).toBe('must be a JSON object (got an array)');
      expect(violationsOf(() => parseToolArguments(weatherTool(), 'null')).violations[0].message).toBe('must be a JSON object (got null)');
    });
  });

  describe('with strict: false', () => {
    it('keeps optional fields optional and still validates', () => {
      const tool = weatherTool(false);
      expect(parseToolArguments(tool, '{"city":"Oslo"}')).toEqual({ city: 'Oslo' });
      expect(parseToolArguments(tool, '{"city":"Oslo","extra":true}')).toEqual({ city: 'Oslo', extra: true });
      expect(violationsOf(() => parseToolArguments(tool, '{"city":"Oslo","units":null}')).violations[0].path).toBe('/units');
    });
  });

  describe('against prototype pollution', () => {
    it.each([
      ['{"__proto__":{"polluted":true},"city":"x"}', '/__proto__'],
      ['{"city":"x","nested":{"constructor":{"prototype":{"polluted":true}}}}', '/nested/constructor'],
      ['{"city":"x","list":[{"prototype":1}]}', '/list/0/prototype'],
      ['{"\\u005f_proto__":{"polluted":true},"city":"x"}', '/__proto__'],
    ])('refuses %s', (raw, path) => {
      const tool = weatherTool(false);
      const error = violationsOf(() => parseToolArguments(tool, raw));
      expect(error.violations.map((v) => v.path)).toContain(path);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('null plans', () => {
    it('turns nulls into undefined inside nested objects, arrays and unions', () => {
      const tool = defineTool({
        name: 'nested', description: '', invoke: () => 1,
        parameters: {
          type: 'object',
          properties: {
            legs: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, note: { type: 'string' } }, required: ['from'] } },
            pick: { anyOf: [
              { type: 'object', properties: { a: { type: 'string' }, opt: { type: 'number' } }, required: ['a'] },
              { type: 'object', properties: { b: { type: ['string', 'null'] } }, required: ['b'] },
            ] },
          },
          required: ['legs', 'pick'],
        },
      });
      expect(parseToolArguments(tool, '{"legs":[{"from":"A","note":null}],"pick":{"a":"x","opt":null}}')).toEqual({ legs: [{ from: 'A' }], pick: { a: 'x' } });
      // The second variant declares b as nullable itself, so its null is kept.
      expect(parseToolArguments(tool, '{"legs":[],"pick":{"b":null}}')).toEqual({ legs: [], pick: { b: null } });
    });
  });

  describe('caching', () => {
    it('reuses the compiled validator for spread copies and recompiles for a new schema', () => {
      const tool = weatherTool();
      const copy = { ...tool, name: 'copy' };
      expect(parseToolArguments(copy, '{"city":"a","units":null,"days":null,"detailed":null}')).toEqual({ city: 'a' });
      const changed = { ...tool, parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false } };
      expect(parseToolArguments(changed, '{"q":"x"}')).toEqual({ q: 'x' });
      expect(() => parseToolArguments(tool, '{"q":"x"}')).toThrow(ToolArgumentsError);
    });

    it('reports a schema that cannot be compiled as a ToolDefinitionError', () => {
      const broken = { ...weatherTool(), parameters: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } };
      expect(() => parseToolArguments(broken, '{}')).toThrow(ToolDefinitionError);
    });
  });
});

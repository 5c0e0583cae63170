import 'reflect-metadata';
import { Param, Tool, toolsOf, UserError } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';

/** The JSON text form of an embedded schema, as the scanner's transformer emits it. */
const text = JSON.stringify({
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City from JSDoc.' }, days: { type: 'integer', description: 'Days ahead.' } },
    required: ['city'],
  },
  description: 'Forecast from JSDoc.',
  dates: ['/when'],
});

describe('an embedded schema given as JSON text', () => {
  it('builds the same strict tool as the object form, with @Param options applied', () => {
    class AsText {
      @Tool({}, text)
      forecast(@Param('city') city: string, @Param('days', { minimum: 1, maximum: 7 }) days?: number) {
        return `${city}/${days}`;
      }
    }
    class AsObject {
      @Tool({}, JSON.parse(text))
      forecast(@Param('city') city: string, @Param('days', { minimum: 1, maximum: 7 }) days?: number) {
        return `${city}/${days}`;
      }
    }
    const [fromText] = toolsOf(new AsText());
    const [fromObject] = toolsOf(new AsObject());
    expect(fromText.description).toBe('Forecast from JSDoc.');
    expect(fromText.parameters).toEqual(fromObject.parameters);
    expect(fromText.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City from JSDoc.' },
        days: { type: ['integer', 'null'], description: 'Days ahead.', minimum: 1, maximum: 7 },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    });
  });

  it('is kept as text when the class is defined and parsed once when `embedded` is read', () => {
    class Kept {
      @Tool({}, text)
      forecast(@Param('city') city: string, @Param('days') days?: number) {
        return `${city}/${days}`;
      }
    }
    const record = getMetadataStorage().toolsOf(Kept).get('forecast');
    expect(record?.embeddedJson).toBe(text);
    expect(record?.embedded).toEqual(JSON.parse(text));
    expect(record?.embedded).toBe(record?.embedded);
  });

  it('gives each build a fresh copy, so building tools again does not see earlier changes', () => {
    class Fresh {
      @Tool({}, text)
      forecast(@Param('city') city: string, @Param('days', { description: 'Changed by options.' }) days?: number) {
        return `${city}/${days}`;
      }
    }
    const first = toolsOf(new Fresh())[0].parameters;
    const second = toolsOf(new Fresh())[0].parameters;
    expect(second).toEqual(first);
    expect(getMetadataStorage().toolsOf(Fresh).get('forecast')?.embedded?.parameters.properties).toMatchObject({ days: { description: 'Days ahead.' } });
  });

  it('fails when the tool is built, naming the class and method, for text that is not JSON', () => {
    class Broken {
      @Tool({}, '{"parameters": ')
      forecast(@Param('city') city: string) {
        return city;
      }
    }
    expect(() => toolsOf(new Broken())).toThrow(UserError);
    expect(() => toolsOf(new Broken())).toThrow(/embedded schema of @Tool Broken\.forecast is not valid JSON.*rebuild/);
  });

  it('fails when the tool is built for JSON that is not an embedded schema', () => {
    class NoParameters {
      @Tool({}, '{"description": "no parameters"}')
      forecast(@Param('city') city: string) {
        return city;
      }
    }
    expect(() => toolsOf(new NoParameters())).toThrow(/embedded schema of @Tool NoParameters\.forecast needs a "parameters" JSON schema object/);
  });
});

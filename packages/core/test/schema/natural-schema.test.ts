import 'reflect-metadata';
import { Param, Tool, defineTool, parseToolArguments, toolsOf, ToolArgumentsError, type JsonSchema } from '@toolwright/core';
import { naturalArgumentsText, naturalSchemaOf } from '@toolwright/core/extend';

/** Declared with an embedded loose schema: the transformer made it strict at build time here. */
class Weather {
  /** The forecast for a city. */
  @Tool({ readOnly: true })
  forecast(@Param('city') city: string, @Param('days', { minimum: 1, maximum: 7 }) days?: number, @Param('units') units?: 'c' | 'f' | null): string {
    return `${city}:${String(days)}:${String(units)}`;
  }

  /** A tool whose loose schema is given with @Tool (as a manifest or an embedding would). */
  @Tool({}, { parameters: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] } })
  search(@Param('q') q: string, @Param('limit', { description: 'At most this many.' }) limit?: number): string {
    return `${q}:${String(limit)}`;
  }
}

const authored: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { window: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string', minLength: 2 } }, required: ['from'] } },
  properties: { name: { type: 'string' }, note: { type: ['string', 'null'] }, window: { $ref: '#/$defs/window' }, tags: { type: 'array', items: { $ref: '#/$defs/window' } } },
  required: ['name', 'note'],
};

describe('naturalSchemaOf', () => {
  it('is the schema a defineTool author wrote, as written', () => {
    const before = JSON.parse(JSON.stringify(authored));
    const tool = defineTool({ name: 'plan', description: 'Plan.', parameters: authored, invoke: () => 'ok' });
    expect(naturalSchemaOf(tool)).toEqual(before);
    expect(naturalSchemaOf(tool)).not.toBe(authored);
    const variant: typeof tool = { ...tool, needsApproval: true };
    expect(naturalSchemaOf(variant)).toBe(naturalSchemaOf(tool));
    expect(tool.parameters.required).toEqual(['name', 'note', 'window', 'tags']);
  });

  it('completes a schema without type into an object schema, and keeps a non-strict tool\'s own', () => {
    const untyped = defineTool({ name: 'u', description: '', parameters: { properties: { a: { type: 'string' } } }, invoke: () => 'ok' });
    expect(naturalSchemaOf(untyped)).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    const empty = defineTool({ name: 'e', description: '', parameters: {}, invoke: () => 'ok' });
    expect(naturalSchemaOf(empty)).toEqual({ type: 'object', properties: {} });
    const loose = defineTool({ name: 'l', description: '', strict: false, parameters: authored, invoke: () => 'ok' });
    expect(naturalSchemaOf(loose)).toEqual(authored);
  });

  it('undoes the strict rewrite of a build-time strict schema: optional not required, no added null, constraints back', () => {
    const [forecast] = toolsOf(new Weather());
    const natural = naturalSchemaOf(forecast);
    expect(natural.required).toEqual(['city']);
    const properties = natural.properties as Record<string, JsonSchema>;
    expect(properties.city).toEqual({ type: 'string' });
    expect(properties.days).toMatchObject({ type: 'number', minimum: 1, maximum: 7 });
    // Declared optional and nullable: optional again, and its null is the author's, so it stays.
    expect(JSON.stringify(properties.units)).toContain('null');
    expect(JSON.stringify(properties.days)).not.toContain('null');
  });

  it('is the loose declared schema with @Param options for a decorated tool that has one', () => {
    const search = toolsOf(new Weather())[1];
    expect(naturalSchemaOf(search)).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer', description: 'At most this many.' } },
      required: ['q'],
    });
  });
});

describe('naturalArgumentsText', () => {
  const tool = defineTool({ name: 'plan', description: 'Plan.', parameters: authored, invoke: () => 'ok' });

  it('fills null for exactly the optional properties left out, nested and in arrays, through $refs', () => {
    const text = naturalArgumentsText(tool, { name: 'a', note: 'n', window: { from: 'x' }, tags: [{ from: 'y', to: 'zz' }, { from: 'z' }] });
    expect(JSON.parse(text)).toEqual({ name: 'a', note: 'n', window: { from: 'x', to: null }, tags: [{ from: 'y', to: 'zz' }, { from: 'z', to: null }] });
    const args = parseToolArguments(tool, text);
    expect(args).toEqual({ name: 'a', note: 'n', window: { from: 'x' }, tags: [{ from: 'y', to: 'zz' }, { from: 'z' }] });
  });

  it('leaves a required property missing, even a nullable one, so validation refuses it', () => {
    const text = naturalArgumentsText(tool, { name: 'a' });
    expect(JSON.parse(text)).toEqual({ name: 'a', window: null, tags: null });
    expect(() => parseToolArguments(tool, text)).toThrow(/\/note: is required/);
  });

  it('fills null for an optional property the author declared nullable, at build time too', async () => {
    const [forecast] = toolsOf(new Weather());
    const text = naturalArgumentsText(forecast, { city: 'Oslo' });
    expect(JSON.parse(text)).toEqual({ city: 'Oslo', days: null, units: null });
    expect(await forecast.invoke({} as never, parseToolArguments(forecast, text))).toBe('Oslo:undefined:null');
    const raw = defineTool({
      name: 'raw', description: '', invoke: () => 'ok',
      parameters: { type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: 'null' } } },
    });
    expect(naturalSchemaOf(raw).required).toBeUndefined();
    expect(JSON.parse(naturalArgumentsText(raw, {}))).toEqual({ a: null, b: null });
  });

  it('keeps what was sent, null included, and writes a non-strict tool\'s arguments as they are', () => {
    expect(JSON.parse(naturalArgumentsText(tool, { name: 'a', note: null, window: null, tags: null }))).toEqual({ name: 'a', note: null, window: null, tags: null });
    const loose = defineTool({ name: 'l', description: '', strict: false, parameters: authored, invoke: () => 'ok' });
    expect(JSON.parse(naturalArgumentsText(loose, { name: 'a' }))).toEqual({ name: 'a' });
  });

  it('refuses what is not an object of arguments, and passes very deep arguments on for validation to refuse', () => {
    expect(() => naturalArgumentsText(tool, [1, 2])).toThrow(ToolArgumentsError);
    let deep: unknown = { from: 'x' };
    for (let i = 0; i < 5000; i++) deep = { from: 'x', to: deep };
    // Too deep to write as JSON, or refused by validation: an argument error either way.
    expect(() => parseToolArguments(tool, naturalArgumentsText(tool, { name: 'a', note: null, window: deep }))).toThrow(ToolArgumentsError);
  });
});

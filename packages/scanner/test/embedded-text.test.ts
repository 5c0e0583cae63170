import { embeddedSchemaText, type ToolSchemaEntry } from '@toolwright/scanner';
import { embeddedForm } from '../src/transformer/embedded-text';

describe('the embedded form of a scanned schema', () => {
  const merged: ToolSchemaEntry = {
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city.' }, days: { type: 'integer', description: 'Days ahead.' } },
      required: ['city', 'days'],
    },
    description: 'Get the forecast.',
    paramDescriptions: { city: 'The city.', days: 'Days ahead.' },
    dates: ['/when'],
  };

  it('drops paramDescriptions when every one is already a property description', () => {
    const { paramDescriptions, ...rest } = merged;
    expect(paramDescriptions).toBeDefined();
    expect(embeddedForm(merged)).toEqual(rest);
  });

  it('keeps paramDescriptions when a property has no description for core to use instead', () => {
    const unmerged: ToolSchemaEntry = {
      ...merged,
      parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', description: 'Days ahead.' } } },
    };
    expect(embeddedForm(unmerged)).toBe(unmerged);
  });

  it('keeps an entry without paramDescriptions as it is', () => {
    const { paramDescriptions: _dropped, ...plain } = merged;
    expect(embeddedForm(plain)).toBe(plain);
  });

  it('is emitted as compact JSON text of that form', () => {
    const text = embeddedSchemaText(merged);
    expect(text).not.toMatch(/\s"|paramDescriptions/);
    expect(JSON.parse(text)).toEqual(embeddedForm(merged));
  });
});

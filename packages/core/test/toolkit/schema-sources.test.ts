import 'reflect-metadata';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Param, Tool, loadSchemaManifest, parseToolArguments, toolsOf, ToolDefinitionError, UserError } from '@toolwright/core';
import type { ToolContext } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';

const ctx = {} as ToolContext;

/** `__param(index, decorator)` as tsc emits it. */
function param(index: number, decorator: ParameterDecorator): MethodDecorator {
  return (target, key) => decorator(target, key, index);
}

/** Decorates a method the way plain `tsc` output does (no transformer: nothing embedded). */
function decorateLikeTsc(type: Function, method: string, decorators: MethodDecorator[], paramTypes: unknown[]): void {
  const prototype = type.prototype as object;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, method) as PropertyDescriptor;
  const all = [...decorators, Reflect.metadata('design:paramtypes', paramTypes) as MethodDecorator];
  Object.defineProperty(prototype, method, Reflect.decorate(all, prototype, method, descriptor) as PropertyDescriptor);
}

describe('where a tool schema comes from', () => {
  it('embeds the schema of a class declared inside a function, from its TypeScript types (transformer)', () => {
    class Calc {
      @Tool()
      add(@Param('a') a: number, @Param('b', { description: 'Second', minimum: 0 }) b: number, @Param('label') label: string, @Param('round') round?: boolean) {
        return [a, b, label, round];
      }
    }
    const [tool] = toolsOf(new Calc());
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number', description: 'Second', minimum: 0 }, label: { type: 'string' }, round: { type: ['boolean', 'null'] } },
      required: ['a', 'b', 'label', 'round'],
      additionalProperties: false,
    });
    expect(tool.description).toBe('');
  });

  it('never guesses from design:paramtypes: without an embedded or loaded schema, registration fails naming class, method, parameter and fix', () => {
    class Trips {
      plan(stops: string[], mode?: 'car' | 'train') {
        return [stops, mode];
      }
    }
    decorateLikeTsc(Trips, 'plan', [Tool(), param(0, Param('stops')), param(1, Param('mode'))], [Array, String]);
    expect(() => toolsOf(new Trips())).toThrow(UserError);
    expect(() => toolsOf(new Trips())).toThrow(/^@Tool Trips\.plan: no schema is known for parameter #0 \(stops\) "stops": run-time reflection only sees Array.*Fix: .*toolwright scan.*transformer/);
    class Units {
      convert(units: 'celsius' | 'fahrenheit') {
        return units;
      }
    }
    decorateLikeTsc(Units, 'convert', [Tool(), param(0, Param('units'))], [String]);
    expect(() => toolsOf(new Units())).toThrow(/parameter #0 \(units\) "units": run-time reflection only sees String, which TypeScript also emits for literal unions/);
  });

  it('prefers the embedded schema, with JSDoc description and @param texts, and options winning', () => {
    class Weather {
      @Tool({}, {
        parameters: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] },
        description: 'Weather from JSDoc.',
        paramDescriptions: { city: 'City from JSDoc.', units: 'Units from JSDoc.' },
      })
      get(@Param('city') city: string, @Param('units', { description: 'Units option.' }) units?: string) {
        return `${city}/${units}`;
      }

      @Tool({ description: 'Option wins.' }, { parameters: { type: 'object', properties: {} }, description: 'JSDoc.' })
      other() {
        return 1;
      }
    }
    const [get, other] = toolsOf(new Weather());
    expect(get.description).toBe('Weather from JSDoc.');
    expect(get.parameters.properties).toEqual({
      city: { type: 'string', description: 'City from JSDoc.' },
      units: { type: ['string', 'null'], enum: ['c', 'f', null], description: 'Units option.' },
    });
    expect(other.description).toBe('Option wins.');
  });

  it('uses a loaded manifest (file or object) when nothing is embedded, and embedded wins over it', async () => {
    class Search {
      find(terms: string[]) {
        return terms.join('+');
      }

      embedded(x: number) {
        return x;
      }
    }
    decorateLikeTsc(Search, 'find', [Tool(), param(0, Param('terms'))], [Array]);
    decorateLikeTsc(Search, 'embedded', [Tool({}, { parameters: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] } }), param(0, Param('x'))], [Number]);
    const dir = mkdtempSync(join(tmpdir(), 'tw-'));
    const file = join(dir, 'toolwright.schemas.json');
    writeFileSync(file, JSON.stringify({
      version: 1,
      tools: {
        'Search.find': { parameters: { type: 'object', properties: { terms: { type: 'array', items: { type: 'string' } } }, required: ['terms'] }, description: 'Find things.' },
        'Search.embedded': { parameters: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } },
      },
    }));
    expect(loadSchemaManifest(file)).toBe(2);
    const [find, embedded] = toolsOf(new Search());
    expect(find.description).toBe('Find things.');
    expect(await find.invoke(ctx, parseToolArguments(find, '{"terms":["a","b"]}'))).toBe('a+b');
    expect((embedded.parameters.properties as Record<string, unknown>).x).toEqual({ type: 'integer' });
  });

  it('refuses malformed manifests and detects stale schemas', () => {
    expect(() => loadSchemaManifest({ version: 2 } as never)).toThrow(/version 2/);
    expect(() => loadSchemaManifest('/nonexistent/toolwright.schemas.json')).toThrow(/toolwright scan/);
    class Stale {
      @Tool({}, { parameters: { type: 'object', properties: { old: { type: 'string' } } } })
      m(@Param('fresh') fresh: string) {
        return fresh;
      }
    }
    expect(() => toolsOf(new Stale())).toThrow(/stale: it has no property for @Param\('fresh'\)/);
  });

  it('registers the members of a manifest (MCP prompts and templates) apart from tools, and refuses malformed ones', () => {
    const parameters = { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] };
    expect(loadSchemaManifest({ version: 1, tools: {}, members: { 'Notes.outline': { parameters } } })).toBe(0);
    expect(getMetadataStorage().manifestSchemaOf('member:Notes.outline')).toEqual({ parameters });
    expect(getMetadataStorage().manifestSchemaOf('Notes.outline')).toBeUndefined();
    expect(() => loadSchemaManifest({ version: 1, tools: {}, members: [] } as never)).toThrow(/"members" that is not an object keyed by "Class.method"/);
    expect(() => loadSchemaManifest({ version: 1, tools: {}, members: { 'Notes.outline': { parameters: 'x' } } } as never)).toThrow(/member "Notes.outline" of the schema manifest .* needs a "parameters" JSON schema object/);
  });

  it('reports a strict-mode problem of a declared tool with the tool name and field path', () => {
    class Maps {
      @Tool({}, { parameters: { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['tags'] } })
      tag(@Param('tags') tags: Record<string, string>) {
        return tags;
      }

      @Tool({ strict: false }, { parameters: { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['tags'] } })
      tagLoose(@Param('tags') tags: Record<string, string>) {
        return tags;
      }
    }
    let error: ToolDefinitionError | undefined;
    try {
      toolsOf(new Maps());
    } catch (e) {
      error = e as ToolDefinitionError;
    }
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error?.message).toMatch(/@Tool Maps\.tag: Tool "tag": field "tags"/);
    expect(error?.path).toBe('/properties/tags');
  });

  it('accepts maps with strict: false and validates them against the loose schema', () => {
    class Loose {
      @Tool({ strict: false }, { parameters: { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['tags'] } })
      tag(@Param('tags') tags: Record<string, string>) {
        return tags;
      }
    }
    const [tool] = toolsOf(new Loose());
    expect(tool.strict).toBe(false);
    expect(parseToolArguments(tool, '{"tags":{"a":"b"}}')).toEqual({ tags: { a: 'b' } });
    expect(() => parseToolArguments(tool, '{"tags":{"a":1}}')).toThrow(/\/tags\/a: must be string/);
  });

  it('revives Date fields listed in dates, including array elements', async () => {
    class Calendar {
      @Tool({}, {
        parameters: {
          type: 'object',
          properties: {
            when: { type: 'string', format: 'date-time' },
            slots: { type: 'array', items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] } },
          },
          required: ['when', 'slots'],
        },
        dates: ['/when', '/slots/*/at'],
      })
      book(@Param('when') when: Date, @Param('slots') slots: Array<{ at: Date }>) {
        return [when, slots];
      }
    }
    const [tool] = toolsOf(new Calendar());
    const args = parseToolArguments(tool, '{"when":"2024-05-01T10:00:00Z","slots":[{"at":"2024-05-02T10:00:00Z"}]}');
    const [when, slots] = (await tool.invoke(ctx, args)) as [Date, Array<{ at: Date }>];
    expect(when).toBeInstanceOf(Date);
    expect(when.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(slots[0].at).toBeInstanceOf(Date);
    expect(() => parseToolArguments(tool, '{"when":"yesterday","slots":[]}')).toThrow(/\/when: must be a valid date-time string/);
  });
});

import 'reflect-metadata';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Param, Tool, loadSchemaManifest, parseToolArguments, toolsOf, ToolDefinitionError, UserError } from '../../src';
import type { ToolContext } from '../../src';

const ctx = {} as ToolContext;

describe('where a tool schema comes from', () => {
  it('reflects primitive-only @Param signatures (number → "number")', () => {
    class Calc {
      @Tool()
      add(@Param('a') a: number, @Param('b', { description: 'Second', minimum: 0 }) b: number, @Param('label') label: string, @Param('round') round: boolean) {
        return [a, b, label, round];
      }
    }
    const [tool] = toolsOf(new Calc());
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number', description: 'Second', minimum: 0 }, label: { type: 'string' }, round: { type: 'boolean' } },
      required: ['a', 'b', 'label', 'round'],
      additionalProperties: false,
    });
    expect(tool.description).toBe('');
  });

  it('fails at registration for a non-primitive parameter without a schema, naming class, method, parameter and fix', () => {
    class Trips {
      @Tool()
      plan(@Param('stops') stops: string[]) {
        return stops;
      }
    }
    expect(() => toolsOf(new Trips())).toThrow(UserError);
    expect(() => toolsOf(new Trips())).toThrow(/@Tool Trips\.plan: no schema is known for parameter #0 \(stops\) "stops" \(Array\).*toolwright scan/);
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
      @Tool()
      find(@Param('terms') terms: string[]) {
        return terms.join('+');
      }

      @Tool({}, { parameters: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] } })
      embedded(@Param('x') x: number) {
        return x;
      }
    }
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

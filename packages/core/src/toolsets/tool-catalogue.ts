import { isTool } from '../contracts/is-tool';
import { UserError } from '../errors/user.error';
import { splitCamelCase } from '../util/camel-case';
import type { Tool } from '../contracts/tool';
import { flattenEntries } from './tool-entries';

/** What a catalogue accepts: `Tool`s, decorated instances, and arrays of these. */
export type CatalogueEntry = Tool | object | CatalogueEntry[];

/**
 * Flattens catalogue entries into tools by name. Two tools with one name, or something that is
 * not a tool, fail with `UserError` naming the culprits. @internal
 */
export function buildCatalogue(owner: string, entries: readonly CatalogueEntry[]): Map<string, Tool> {
  // A flat list of tools (the usual large catalogue) needs no walk; anything else is flattened.
  const tools = (entries.every(isTool) ? entries : flattenEntries(entries, {
    toolsets: false,
    refuse(_entry, path) {
      throw new UserError(
        `${owner}: tools${path} is not a tool. Pass Tool objects (defineTool(...)), instances of classes with @Tool methods, or arrays of these.`,
      );
    },
  })) as readonly Tool[];
  const byName = new Map<string, Tool>();
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const size = byName.size;
    // One map operation per tool: a name seen before leaves the size as it was.
    if (byName.set(tool.name, tool).size === size) {
      const earlier = tools.find((other) => other.name === tool.name)!;
      throw new UserError(
        `${owner}: two catalogue tools are named "${tool.name}" (from ${earlier.source ?? 'a tool object'} and ${tool.source ?? 'a tool object'}). ` +
          'Tool names must be unique: rename one (@Tool({ name }), a toolkit prefix) or leave it out.',
      );
    }
  }
  return byName;
}

/** The first sentence (or line) of a description, at most `max` characters, for result lists. */
export function oneLine(description: string, max = 120): string {
  const firstLine = description.trim().split(/\r?\n/, 1)[0] ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(firstLine)?.[1] ?? firstLine;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

/** `createCalendarEvent`, `create_calendar_event`, `create-calendar-event` → `create calendar event`. */
export function nameWords(name: string): string {
  return splitCamelCase(name)
    .join(' ')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The property names of a parameters schema (nested objects and array items too), as words. */
export function parameterWords(schema: unknown): string {
  const words: string[] = [];
  forEachParameterName(schema, (key) => words.push(nameWords(key)));
  return words.join(' ');
}

/**
 * Calls `visit` with each property name of a parameters schema, in order: an object's properties
 * (each followed by its own nested names), array items and `anyOf` members, four levels deep.
 * @internal
 */
export function forEachParameterName(schema: unknown, visit: (key: string) => void): void {
  walkNames(schema, 0, visit);
}

function walkNames(node: unknown, depth: number, visit: (key: string) => void): void {
  if (depth > 4 || typeof node !== 'object' || node === null) return;
  const n = node as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  const properties = n.properties;
  if (properties) {
    // Object.keys is Object.entries' order without a pair per property.
    const keys = Object.keys(properties);
    for (let i = 0; i < keys.length; i++) {
      visit(keys[i]!);
      walkNames(properties[keys[i]!], depth + 1, visit);
    }
  }
  if (n.items) walkNames(n.items, depth + 1, visit);
  if (Array.isArray(n.anyOf)) for (const member of n.anyOf) walkNames(member, depth + 1, visit);
}

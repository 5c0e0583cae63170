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
  const byName = new Map<string, Tool>();
  const add = (tool: Tool): void => {
    const earlier = byName.get(tool.name);
    if (earlier) {
      throw new UserError(
        `${owner}: two catalogue tools are named "${tool.name}" (from ${earlier.source ?? 'a tool object'} and ${tool.source ?? 'a tool object'}). ` +
          'Tool names must be unique: rename one (@Tool({ name }), a toolkit prefix) or leave it out.',
      );
    }
    byName.set(tool.name, tool);
  };
  // A flat list of tools (the usual large catalogue) needs no walk; anything else is flattened.
  const tools = entries.every(isTool) ? (entries as Tool[]) : flattenEntries(entries, {
    toolsets: false,
    refuse(_entry, path) {
      throw new UserError(
        `${owner}: tools${path} is not a tool. Pass Tool objects (defineTool(...)), instances of classes with @Tool methods, or arrays of these.`,
      );
    },
  });
  (tools as Tool[]).forEach(add);
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
  const visit = (node: unknown, depth: number): void => {
    if (depth > 4 || typeof node !== 'object' || node === null) return;
    const n = node as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
    if (n.properties) {
      for (const [key, child] of Object.entries(n.properties)) {
        words.push(nameWords(key));
        visit(child, depth + 1);
      }
    }
    if (n.items) visit(n.items, depth + 1);
    if (Array.isArray(n.anyOf)) n.anyOf.forEach((c) => visit(c, depth + 1));
  };
  visit(schema, 0);
  return words.join(' ');
}

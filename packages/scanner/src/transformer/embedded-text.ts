import type { ToolSchemaEntry } from '../schema/tool-schema-entry';

/**
 * The entry as the transformer embeds it: `paramDescriptions` is left out when every one of them
 * is already the `description` of its property in `parameters` (core only falls back to
 * `paramDescriptions` for a property without a description, so it would never be read).
 */
export function embeddedForm(entry: ToolSchemaEntry): ToolSchemaEntry {
  const { paramDescriptions, ...rest } = entry;
  if (paramDescriptions === undefined) return entry;
  const properties = entry.parameters.properties as Record<string, { description?: unknown } | undefined> | undefined;
  const merged = Object.keys(paramDescriptions).every((name) => {
    const property = properties?.[name];
    return typeof property === 'object' && property !== null && property.description !== undefined;
  });
  return merged ? rest : entry;
}

/**
 * The JSON text the transformer passes as the second argument of `@Tool(...)`: core parses it
 * when the tool is first built. A string literal costs V8 far less to compile than the
 * equivalent object literal, and far less memory to hold until then.
 */
export function embeddedSchemaText(entry: ToolSchemaEntry): string {
  return JSON.stringify(embeddedForm(entry));
}

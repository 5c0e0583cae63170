import { portableStrictSchema } from '@toolwright/core/internal';
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
 * The entry with `parameters` already strict: core's own strict rewrite, run at build time on the
 * schema the scanner built with the literal `@Param` options applied, which is exactly what core
 * would compute when the tool is built, and what the rewrite knows besides the schema as `strict`
 * (see core's `StrictSideTables`). Core then only parses it. Without `paramDescriptions`, which
 * the schema already carries. `undefined` when core refuses the schema: the loose form is
 * embedded instead, and core refuses the tool at registration with its own message.
 */
export function strictEmbeddedForm(entry: ToolSchemaEntry): ToolSchemaEntry | undefined {
  let portable;
  try {
    portable = portableStrictSchema(entry.parameters);
  } catch {
    return undefined;
  }
  const { paramDescriptions: _used, ...rest } = entry;
  return { ...rest, parameters: portable.parameters, strict: portable.strict };
}

/**
 * The JSON text the transformer passes as the second argument of `@Tool(...)`: core parses it
 * when the tool is first built. A string literal costs V8 far less to compile than the
 * equivalent object literal, and far less memory to hold until then. With `strict` (the tool is
 * strict, and its `@Tool` options are literal so that cannot change at run time) the strict form.
 */
export function embeddedSchemaText(entry: ToolSchemaEntry, options: { strict?: boolean } = {}): string {
  const strict = options.strict ? strictEmbeddedForm(entry) : undefined;
  return JSON.stringify(strict ?? embeddedForm(entry));
}

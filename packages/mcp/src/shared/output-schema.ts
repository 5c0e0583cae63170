import type { JsonSchema, Tool } from '@toolwright/core';

/**
 * A tool that declares the JSON schema of what it returns. Core's `Tool` type has no such field
 * yet; `serveMcp` advertises `outputSchema` when a tool carries one, and `McpToolset` sets it on
 * the tools of MCP servers that declare one, so a tool keeps it through a round trip.
 */
export type ToolWithOutputSchema = Tool & { outputSchema?: JsonSchema };

/** The output schema a tool declares, if any (an object schema, as MCP requires). */
export function outputSchemaOf(tool: Tool): JsonSchema | undefined {
  const schema = (tool as ToolWithOutputSchema).outputSchema;
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? schema : undefined;
}

import type { JsonSchema } from '@toolwright/core';

/**
 * What the scanner produces per tool, embedded as the second argument of `@Tool(...)` by the
 * transformer and stored per `Class.method` key in `toolwright.schemas.json`. Structurally the
 * same as core's `EmbeddedToolSchema`.
 */
export interface ToolSchemaEntry {
  /** The loose (non-strict) JSON schema of the argument object; core makes it strict at registration. */
  parameters: JsonSchema;
  /** The method's JSDoc summary. */
  description?: string;
  /** JSDoc `@param` texts keyed by the `@Param` name. */
  paramDescriptions?: Record<string, string>;
  /** JSON pointers (`/when`, `/trip/start`) of argument fields whose TypeScript type is `Date`. */
  dates?: string[];
}

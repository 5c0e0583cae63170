import type { EmbeddedToolSchema } from '@toolwright/core/extend';

/**
 * What the scanner produces per tool: core's `EmbeddedToolSchema` (`parameters`, the loose JSON
 * schema of the argument object; `description`; `paramDescriptions`; `dates`), embedded as the
 * second argument of `@Tool(...)` by the transformer and stored per `Class.method` key in
 * `toolwright.schemas.json`.
 */
export type ToolSchemaEntry = EmbeddedToolSchema;

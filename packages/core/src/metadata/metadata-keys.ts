/** The `globalThis` slot of the central metadata storage (shared by duplicate package copies). */
export const METADATA_STORAGE_KEY: unique symbol = Symbol.for('toolwright.metadata-storage') as never;
/** The `globalThis` slot of the tools `setToolsOf`/`toolsOf` keep per instance (shared by duplicate package copies). */
export const INSTANCE_TOOLS_KEY: unique symbol = Symbol.for('toolwright.instance-tools') as never;
/** TypeScript's `emitDecoratorMetadata` key for a method's parameter types. */
export const DESIGN_PARAMTYPES = 'design:paramtypes';
/** TypeScript's `emitDecoratorMetadata` key for a member's type. */
export const DESIGN_TYPE = 'design:type';
/** The file `toolwright scan` writes by default. */
export const SCHEMA_MANIFEST_FILE = 'toolwright.schemas.json';
/** The manifest format version this package reads. */
export const SCHEMA_MANIFEST_VERSION = 1;

/** The manifest key of an agent's output class (`outputs` entries are registered under it). */
export function outputManifestKey(className: string): string {
  return `output:${className}`;
}

/**
 * The manifest key of a decorated method that is not a tool but takes `@Param` arguments (an MCP
 * `@Prompt` or `@ResourceTemplate`): `members` entries are registered under it.
 */
export function memberManifestKey(classAndMethod: string): string {
  return `member:${classAndMethod}`;
}

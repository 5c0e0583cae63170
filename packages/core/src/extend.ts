// @toolwright/core/extend: what integrators use, and authors of stores, sandboxes and models:
// the pieces behind the application API of `@toolwright/core`.

// Writing a run store
export { runStoreKit } from './stores/run-store-kit';
export type { RunStoreKit } from './stores/run-store-kit';
export type { EncodedRun } from './stores/stored-run-codec';
export type { ResolvedRunStoreOptions } from './stores/store-options';

// Toolkits and their metadata
export { setToolsOf, isToolkitInstance } from './toolkit/tools-of';
export type { ToolMethodCall, ToolMethodCaller } from './toolkit/tool-method-call';
export { SCHEMA_EXPRESSIBLE_VALIDATORS } from './toolkit/schema-validators';
export type { EmbeddedToolSchema } from './metadata/embedded-schema';

// Keyword tables of strict schemas and arguments
export { STRICT_KEYWORD_RULES } from './schema/strict-keywords';
export type { StrictKeywordAction, StrictKeywordRule } from './schema/strict-keywords';
export type { StrictSideTables } from './schema/strict-portable';
export { FORBIDDEN_ARGUMENT_KEYS } from './arguments/forbidden-keys';

// `@toolwright/core/internal`: what Toolwright's sibling packages (scanner, nestjs, ...) share
// with core. Not part of the public contract: names here may change between minor versions.

// Decorator metadata: the central storage and the records it holds
export { MetadataStorage, getMetadataStorage } from './metadata/metadata-storage';
export { memberManifestKey } from './metadata/metadata-keys';
export { parseEmbeddedSchema } from './metadata/embedded-schema-text';
export { checkEmbeddedSchema } from './metadata/embedded-schema-check';
export type {
  MetadataDefinition, ToolkitMetadata, ToolMetadata, ParameterMetadata, EnhancerMetadata, HiddenToolsMetadata,
  ToolkitOptions, Type, GuardrailEntry, InterceptorEntry,
} from './metadata/metadata-definitions';

// One helper per idea
export { splitCamelCase } from './util/camel-case';
export { headTail } from './limits/head-tail';
export { toSnakeCase } from './tool/tool-name';
export { isTool } from './contracts/is-tool';
export { flattenEntries } from './toolsets/tool-entries';
export { ancestryOf } from './toolkit/class-ancestry';
export { portableStrictSchema, restoreStrictSideTables } from './schema/strict-portable';
export type { PortableStrictSchema, StrictSideTables } from './schema/strict-portable';
export { SCHEMA_EXPRESSIBLE_VALIDATORS, SCHEMA_VALIDATOR_DECORATORS } from './toolkit/schema-validators';

// The compiled argument validator and its null plan, for the benchmark's validation scenario
export { compiledArgumentsOf } from './arguments/compiled-arguments';
export { applyNullPlan } from './arguments/null-plan';
// What the console needs of runs and their tools
export { validateEditedArguments } from './approvals/edited-arguments';
export { staticTools } from './state/agent-registry';

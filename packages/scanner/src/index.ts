// Scanning
export { scanTools } from './scan/scan-tools';
export type { ScannedTool, ScanResult, ScanOptions } from './scan/scan-tools';
export type { ScannedOutput } from './scan/scan-outputs';
export type { MemberKind } from './scan/mcp-members';
export { loadProgram, parseTsconfig } from './scan/load-program';
export type { LoadedProgram } from './scan/load-program';
export type { ToolSchemaEntry } from './schema/tool-schema-entry';

// Diagnostics
export { formatDiagnostic, describeDiagnostic } from './diagnostics/scan-diagnostic';
export type { ScanDiagnostic } from './diagnostics/scan-diagnostic';
export { toCompilerDiagnostic, TOOLWRIGHT_DIAGNOSTIC_CODE } from './diagnostics/compiler-diagnostic';

// Schema rules
export { findStrictIssues } from './schema/strict-check';
export type { StrictIssue } from './schema/strict-check';

// Manifest
export { MANIFEST_FILE, buildManifest, serializeManifest, readManifest, compareManifests, hasDrift } from './manifest/manifest';
export type { ToolManifest, ManifestDrift } from './manifest/manifest';
export { generatedModuleText, manifestOfGeneratedModule, flavorOf } from './manifest/generated-module';
export type { GeneratedModuleFlavor } from './manifest/generated-module';

// Transformer and CLI
export { createSchemaTransformer } from './transformer/schema-transformer';
export type { SchemaTransformerOptions } from './transformer/schema-transformer';
export { embeddedSchemaText } from './transformer/embedded-text';
export { SUPPORTED_TYPESCRIPT, TransformerSetupError } from './transformer/host-typescript';
export { runCli } from './cli/run-cli';
export type { CliIo } from './cli/cli-io';
export { startBuildWatch } from './cli/watch-command';
export type { BuildWatch } from './cli/watch-command';

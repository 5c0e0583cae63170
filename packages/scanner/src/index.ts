// Scanning
export { scanTools } from './scan/scan-tools';
export type { ScannedTool, ScanResult, ScanOptions } from './scan/scan-tools';
export { loadProgram, parseTsconfig } from './scan/load-program';
export type { LoadedProgram } from './scan/load-program';
export type { ToolSchemaEntry } from './embedded-schema';

// Diagnostics
export { formatDiagnostic } from './diagnostics/scan-diagnostic';
export type { ScanDiagnostic } from './diagnostics/scan-diagnostic';

// Schema rules
export { findStrictIssues } from './schema/strict-check';
export type { StrictIssue } from './schema/strict-check';

// Manifest
export { MANIFEST_FILE, buildManifest, serializeManifest, readManifest, compareManifests, hasDrift } from './manifest/manifest';
export type { ToolManifest, ManifestDrift } from './manifest/manifest';

// Transformer and CLI
export { createSchemaTransformer } from './transformer/schema-transformer';
export type { SchemaTransformerOptions } from './transformer/schema-transformer';
export { embeddedForm, embeddedSchemaText } from './transformer/embedded-text';
export { runCli } from './cli/run-cli';
export type { CliIo } from './cli/cli-io';

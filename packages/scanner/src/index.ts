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

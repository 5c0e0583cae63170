// `@toolwright/core/extend`: what integrators build on — MCP servers and proxies, queue workers,
// stores, sandboxes and model adapters. Application code imports `@toolwright/core`.

// The one call pipeline every way of running a tool goes through
export { executeToolCall } from './calls/execute-tool-call';
export type { ToolCallHost } from './calls/execute-tool-call';
export { toolCallNeedsApproval } from './calls/needs-approval';
export type { ApprovalQuestion } from './calls/needs-approval';
export { strictArgumentsText } from './approvals/strict-arguments-text';
export { naturalArgumentsText } from './approvals/natural-arguments-text';
export { naturalSchemaOf } from './schema/natural-schema';
export { markFatalError } from './errors/fatal-errors';
export { approvalHandlerOf } from './contracts/run-host';
export type { RunApprovalHandler } from './contracts/run-host';

// Rate limiter backends on rate-limiter-flexible (what @toolwright/redis and @toolwright/postgres build on)
export { flexibleRateLimiter } from './rate-limits/flexible-rate-limiter';
export type { FlexibleLimiterOptions } from './rate-limits/flexible-rate-limiter';
export type { DirectRateLimits } from './calls/direct-rate-limits';

// Time limits as every tool, runner, server and sandbox takes them
export { MAX_TIME_LIMIT_MS, timeLimitProblem } from './limits/time-limit';

// Optional peer dependencies, loaded on first use (a missing one is a UserError naming it)
export { loadOptionalPeer } from './peers/optional-peer';

// Writing a run store
export { runStoreKit } from './stores/run-store-kit';
export type { RunStoreKit } from './stores/run-store-kit';
export type { EncodedRun } from './stores/stored-run-codec';
export type { ResolvedRunStoreOptions } from './stores/store-options';
export { runRecordKit } from './run-records/run-record-kit';
export type { RunRecordKit, ResolvedRunQuery } from './run-records/run-record-kit';
export type { RunRecordTiming, RecordCutoffs } from './run-records/run-record-timing';

// Writing a session
export { sessionKit } from './sessions/session-kit';
export type { SessionKit } from './sessions/session-kit';
export type { ItemCodecScope } from './sessions/session-item-codec';
export type { ResolvedSessionOptions } from './sessions/session-limits';

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

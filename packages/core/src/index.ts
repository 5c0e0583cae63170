// @toolwright/core: what application code uses. Integrators' pieces (store kits, toolkit
// metadata, keyword tables) are in `@toolwright/core/extend`, contract suites in
// `@toolwright/core/testing`.

// Errors
export {
  ToolwrightError, UserError, ToolDefinitionError, ToolArgumentsError, ToolTimeoutError, ToolCallError,
  GuardrailTripwireError, MaxTurnsExceededError, RunStateError, ModelError,
  RunCancelledError, ConsecutiveToolFailuresError,
  HookError, ToolTaskError, ToolCancelledError,
} from './errors';
export { RateLimitError } from './errors/rate-limit.error';
export { BudgetExceededError } from './errors/budget-exceeded.error';
export { ModelRefusalError } from './errors/model-refusal.error';
export { OutputValidationError } from './errors/output-validation.error';
export type { BudgetLimit, BudgetSpent } from './errors/budget-exceeded.error';
export type { ArgumentViolation, FailedCallSummary, GuardrailStage, ToolTaskErrorCode } from './errors';

// Results and content
export { Content, ToolResult, toToolResult, toModelOutput, emptyUsage, addUsage } from './result';
export type { ContentPart, TextContent, ImageContent, FileContent, DisplayHint, Usage } from './result';
export type { OutputTruncation } from './result/output-cap';

// Limits on what models, tools and stored states can make Toolwright do
export { TOOLWRIGHT_LIMITS } from './limits/limits';
export type { ToolwrightLimits } from './limits/limits';

// Items
export { userMessage, assistantMessage, messageText } from './items/item';
export type { Item, MessageItem, FunctionCallItem, FunctionCallOutputItem, ReasoningItem } from './items/item';

// Tools
export type {
  ToolFields, ToolContext, RunContext, ApprovalPredicate,
  FailureErrorFunction, DuplicatePolicy,
} from './contracts/tool';
export type { ToolOptions, ParamOptions } from './contracts/tool-options';
export type { JsonSchema } from './contracts/json-schema';
export type { ElicitationResult, SampleOptions, ToolLogLevel, ClientChannel } from './contracts/client-channel';
export type { NativeToolOffer } from './contracts/native-tool-offer';
export { effectiveAnnotations } from './tool/tool-annotations';
export type { ToolAnnotations, ToolExecutionHints } from './contracts/tool';

// Guardrails and interceptors
export { GuardrailOutcome, defineToolInputGuardrail, defineToolOutputGuardrail } from './guardrails/guardrail';
export type { ToolInputGuardrail, ToolOutputGuardrail } from './guardrails/guardrail';
export { defineInputGuardrail, defineOutputGuardrail } from './guardrails/agent-guardrail';
export type { InputGuardrail, OutputGuardrail, GuardrailResult } from './guardrails/agent-guardrail';
export { REFUSED_OUTPUT_NOTICE } from './runner/lifecycle/refused-output';

// Hooks, tracing and running tasks
export type {
  RunHooks, AgentHooks, HookReturn, RunStartEvent, RunEndEvent, AgentStartEvent, AgentEndEvent, LlmStartEvent, LlmEndEvent,
  ToolStartEvent, ToolEndEvent, HandoffEvent,
} from './contracts/run-hooks';
export type { TracingOptions, TracerProviderLike } from './tracing/tracing-options';
export { RUNNING_TASK_TOOLS } from './tasks/task-tools';
export type { ExternalTask, TaskCancelOutcome, TaskSource } from './contracts/task-source';
export type { ToolInterceptor, ToolInvocation } from './contracts/tool-interceptor';

// Toolsets
export { isToolset } from './contracts/toolset';
export type { Toolset } from './contracts/toolset';
export { ToolSearchToolset } from './toolsets/tool-search-toolset';
export type { ToolSearchToolsetOptions, ToolSearchHit } from './toolsets/tool-search-toolset';
export type { CatalogueEntry } from './toolsets/tool-catalogue';

// Handoffs and agents as tools
export { Handoff, handoff, defaultHandoffToolName } from './handoffs/handoff';
export type { HandoffOptions } from './handoffs/handoff';
export type { AgentAsToolOptions, AgentTool } from './agent/agent-as-tool';

// Agents
export { Agent } from './agent/agent';
export type { AgentConfig, ToolEntry, Instructions } from './agent/agent';
export { Output } from './output/output-schemas';
export type { OutputType, OutputClass, JsonSchemaOutput } from './output/output-type';
export type { ModelOutputFormat } from './contracts/output-format';
export type { ToolUseBehavior, ToolCallResult } from './contracts/tool-use-behavior';

// Models
export type {
  Model, ModelRequest, ModelResponse, ModelStreamEvent, ModelSettings, ModelToolDefinition, ToolChoice,
} from './contracts/model';
export { ScriptedModel } from './model/scripted-model';
export type { ScriptedTurn, ScriptedStep, Script } from './model/scripted-model';

// Running
export { Runner } from './runner/runner';
export type { RunnerOptions, RunOptions } from './runner/runner-options';
export type { PublicRunView, RunResult, RunResultStatus } from './runner/run-result';
export type { PublicApprovalRequest } from './contracts/run-result';
export { defaultToolErrorText } from './calls/tool-failure';
export { RunState } from './state/run-state';
export type { RunStatus } from './state/run-state';
export type { PendingBatch } from './contracts/pending-batch';
export type { ApprovalRequest } from './contracts/approval-request';
export type { NestedPause } from './contracts/pending-batch';
export type { RunStateStringOptions } from './state/run-state';
export type { PersistContext } from './state/persisted-context';
export { RUN_STATE_FORMAT, RUN_STATE_VERSION } from './state/run-state-format';
export type { RunStateJson, RunStateProgressJson, PendingBatchJson, InterruptionJson } from './state/run-state-format';

// Run stores (paused runs resumed once, in any process) and the call ledger
export { MemoryRunStore } from './stores/memory-run-store';
export { RunAlreadyClaimedError } from './stores/run-already-claimed.error';
export { RunNotFoundError } from './stores/run-not-found.error';
export { UnfinishedToolCallError } from './stores/unfinished-tool-call.error';
export { RunStoreError } from './stores/run-store-failure';
export { DEFAULT_RUN_TTL_MS, DEFAULT_COMPLETED_TTL_MS, DEFAULT_LEASE_MS } from './stores/store-options';
export type { RunStoreOptions } from './stores/store-options';
export type {
  RunStore, SaveRunOptions, ClaimOptions, RunListFilter, StoredRunSummary, StoredRunInfo, StoredInterruption, StoredDecision, StoredRunStatus,
} from './stores/run-store';
export type { RunClaim } from './stores/run-claim';
export type { CallLedger, CallLedgerEntry, RecordedCallOutput } from './stores/call-ledger';
export type { LedgerScope, UnfinishedCallAction, UnfinishedCallPolicy } from './stores/ledger-policy';
export type { UnfinishedCall } from './stores/unfinished-tool-call.error';

// Runs kept from their start with their event timeline (the console reads them)
export { hasRunRecords } from './run-records/run-records';
export type { RunRecords, RunRecordQuery, RunRecordPage, RunView } from './run-records/run-records';
export { RUN_RECORD_STATUSES } from './run-records/run-record';
export type { RunRecord, RunRecordStatus, RunRecordUsage, RunTimelineEvent, RunTimelineEventType } from './run-records/run-record';
export { RUN_RECORD_LIMITS } from './run-records/run-record-limits';
export type { ResumeOptions } from './runner/resume-options';

// Sessions (a conversation kept across runs)
export { MemorySession } from './sessions/memory-session';
export { SessionBusyError } from './sessions/session-busy.error';
export { SESSION_LIMITS } from './sessions/session-limits';
export type { Session, SessionOptions, CompactItems } from './sessions/session';

// Approvals and duplicate calls
export { DEFAULT_REJECTION_MESSAGE } from './contracts/approval-decision';
export type { ApprovalDecision, ApproveOptions, RejectOptions, RecordedDecision } from './contracts/approval-decision';
export { defineApprovalPolicy, requireApprovalFor } from './approvals/approval-policy';
export type { ApprovalPolicy, ApprovalPolicyInput, ApprovalPolicyCall, ToolNamePattern } from './approvals/approval-policy';
export type { ToolAnnotationFilter } from './approvals/annotation-filter';
export { SUBMIT_PLAN_TOOL } from './plan-mode/submit-plan-tool';
export type { PlanModeOptions } from './plan-mode/plan-mode';
export { ToolInterruption } from './approvals/tool-interruption';
export type { ApprovalHandler } from './runner/runner-options';
export { CONFIRM_DUPLICATE_PARAMETER } from './duplicates/confirm-parameter';

// Rate limits and budgets
export { rateLimit } from './rate-limits/rate-limit-policy';
export type { RateLimitPolicy } from './rate-limits/rate-limit-policy';
export type { RateLimitOptions, RateLimitKeyContext, RateLimitBehaviour } from './contracts/rate-limit';
export { memoryRateLimiter } from './rate-limits/memory-rate-limiter';
export type { RateLimiterBackend, RateLimitBucket, RateLimitVerdict } from './rate-limits/rate-limiter-backend';
export type { RunBudget, ModelPrice, OnBudget } from './budgets/run-budget';
export type { CalledToolRecord } from './duplicates/duplicate-ledger';

// Events
export { RunStream } from './events/run-stream';
export type {
  RunEvent, ModelDeltaEvent, MessageEvent, ToolCalledEvent, ToolProgressEvent, ToolOutputEvent,
  ApprovalRequiredEvent, AgentChangedEvent, GuardrailTrippedEvent, RunCompletedEvent, ToolRateLimitedEvent, OutputDeltaEvent,
} from './contracts/run-event';

// Declaring tools
export { defineTool } from './tool/define-tool';
export type { ToolDefinition } from './tool/define-tool';
export { TOOL_NAME_PATTERN, isValidToolName, toSnakeCase } from './tool/tool-name';
export { toStrictSchema } from './schema/strict-schema';
export type { StrictSchemaOptions } from './schema/strict-schema';
export { DEFAULT_STRICT_LIMITS } from './schema/strict-limits';
export type { StrictSchemaLimits } from './schema/strict-limits';
export { parseToolArguments } from './arguments/parse-tool-arguments';
export { Toolkit } from './decorators/toolkit.decorator';
export { Tool } from './decorators/tool.decorator';
export { Param, Args, Ctx } from './decorators/parameter-decorators';
export { UseGuardrails } from './decorators/use-guardrails.decorator';
export { UseInterceptors } from './decorators/use-interceptors.decorator';
export { RequiresApproval } from './decorators/requires-approval.decorator';
export { RateLimit } from './decorators/rate-limit.decorator';
export { HideTool } from './decorators/hide-tool.decorator';
export type { ClassOrMethodDecorator } from './decorators/enhancer-target';
export { toolsOf } from './toolkit/tools-of';
export type { ToolsOfOptions } from './toolkit/tools-of';
export { loadSchemaManifest } from './metadata/schema-manifest';
export { SCHEMA_MANIFEST_FILE, SCHEMA_MANIFEST_VERSION } from './metadata/metadata-keys';
export type { SchemaManifest } from './metadata/embedded-schema';
export type { ToolkitOptions, Type, GuardrailEntry, InterceptorEntry } from './metadata/metadata-definitions';

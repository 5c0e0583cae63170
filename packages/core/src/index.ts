// Errors
export {
  ToolwrightError, UserError, ToolDefinitionError, ToolArgumentsError, ToolTimeoutError, ToolCallError,
  GuardrailTripwireError, MaxTurnsExceededError, RunStateError, ModelError,
} from './errors';
export type { ArgumentViolation } from './errors';

// Results and content
export { Content, ToolResult, toToolResult, toModelOutput, emptyUsage, addUsage } from './result';
export type { ContentPart, TextContent, ImageContent, FileContent, DisplayHint, Usage } from './result';

// Items
export { userMessage, assistantMessage, messageText } from './items/item';
export type { Item, MessageItem, FunctionCallItem, FunctionCallOutputItem, ReasoningItem } from './items/item';

// Tools
export type {
  Tool, ToolFields, ToolContext, RunContext, ToolOptions, ParamOptions, ApprovalPredicate,
  FailureErrorFunction, DuplicatePolicy,
} from './tool/tool';
export type { JsonSchema } from './tool/json-schema';

// Guardrails and interceptors
export { GuardrailOutcome, defineToolInputGuardrail, defineToolOutputGuardrail } from './guardrails/guardrail';
export type { ToolInputGuardrail, ToolOutputGuardrail } from './guardrails/guardrail';
export type { ToolInterceptor, ToolInvocation } from './interceptors/tool-interceptor';

// Toolsets
export { isToolset } from './toolsets/toolset';
export type { Toolset } from './toolsets/toolset';

// Agents
export { Agent } from './agent/agent';
export type { AgentConfig, ToolEntry, Instructions } from './agent/agent';
export type { ToolUseBehavior, ToolCallResult } from './agent/tool-use-behavior';

// Models
export type {
  Model, ModelRequest, ModelResponse, ModelStreamEvent, ModelSettings, ModelToolDefinition, ToolChoice,
} from './model/model';

// Declaring tools
export { defineTool } from './tool/define-tool';
export type { ToolDefinition } from './tool/define-tool';
export { TOOL_NAME_PATTERN, isValidToolName, toSnakeCase } from './tool/tool-name';
export { toStrictSchema } from './schema/strict-schema';
export type { StrictSchemaOptions } from './schema/strict-schema';
export { DEFAULT_STRICT_LIMITS } from './schema/strict-limits';
export type { StrictSchemaLimits } from './schema/strict-limits';
export { parseToolArguments } from './arguments/parse-tool-arguments';
export { FORBIDDEN_ARGUMENT_KEYS } from './arguments/forbidden-keys';

// `@toolwright/core/extend`: what integrators build on — MCP servers and proxies, queue workers,
// stores, sandboxes and model adapters. Application code imports `@toolwright/core`.

// The one call pipeline every way of running a tool goes through
export { executeToolCall } from './calls/execute-tool-call';
export type { ToolCallHost } from './calls/execute-tool-call';
export { toolCallNeedsApproval } from './calls/needs-approval';
export type { ApprovalQuestion } from './calls/needs-approval';
export { strictArgumentsText } from './approvals/strict-arguments-text';

// Time limits as every tool, runner, server and sandbox takes them
export { MAX_TIME_LIMIT_MS, timeLimitProblem } from './limits/time-limit';

import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** What a server asks the user for (`elicitation/create` params), as given to the `elicitation` option. */
export type McpElicitationRequest = ElicitRequest['params'];

/** Answers a server's question to the user: accept with content, decline or cancel. */
export type McpElicitationHandler = (request: McpElicitationRequest, info: { server: string; signal: AbortSignal }) => Promise<ElicitResult>;

/**
 * Whether a form asks only for approval: one boolean field named `approve` or `approved` (what
 * `serveMcp` and similar servers send before running a tool that needs approval). @internal
 */
export function isApprovalForm(request: McpElicitationRequest): boolean {
  if (request.mode === 'url') return false;
  const properties = (request as { requestedSchema?: { properties?: Record<string, { type?: unknown }> } }).requestedSchema?.properties;
  if (!properties || typeof properties !== 'object') return false;
  const keys = Object.keys(properties);
  return keys.length === 1 && (keys[0] === 'approve' || keys[0] === 'approved') && properties[keys[0]]?.type === 'boolean';
}

/** The field name of an approval form. @internal */
export function approvalField(request: McpElicitationRequest): string {
  const properties = (request as { requestedSchema?: { properties?: Record<string, unknown> } }).requestedSchema?.properties ?? {};
  return Object.keys(properties)[0] ?? 'approve';
}

/**
 * An accepted answer always carries content (empty when the handler gave none), so that the SDK
 * fills in the defaults of the requested schema. @internal
 */
export function withContent(result: ElicitResult): ElicitResult {
  if (result.action !== 'accept' || result.content !== undefined) return result;
  return { ...result, content: {} };
}

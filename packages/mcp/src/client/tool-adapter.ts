import { ToolArgumentsError, ToolDefinitionError, defineTool, type ApprovalPredicate, type JsonSchema, type Tool, type ToolContext, type ToolResult } from '@toolwright/core';
import { destructiveByAnnotations, toolAnnotationsFromMcp } from '../annotations/risk-annotations';
import { boundedText } from '../shared/bounded-text';
import type { McpApprovalPredicate, McpToolFields, McpToolInfo } from './mcp-toolset-options';

/** Longest tool description passed on to the model. */
export const MAX_DESCRIPTION_CHARS = 10_000;

/** How a server's tools become Toolwright tools. @internal */
export interface AdapterConfig<TContext> {
  server: string;
  strict: boolean;
  toolOptions: McpToolFields<TContext>;
  requireApproval?: boolean | string[] | McpApprovalPredicate<TContext>;
  /** Whether the server's annotations may unlock anything (`McpToolset({ trustAnnotations })`). */
  trustAnnotations?: boolean;
  /** Sends the call to the server (by its own name) and maps the result. */
  call(info: McpToolInfo, exposedName: string, args: Record<string, unknown>, ctx: ToolContext<TContext>): Promise<ToolResult>;
}

/**
 * One MCP tool as a Toolwright `Tool`, named `exposedName`. The input schema is made strict when
 * it can be; a schema strict mode cannot express gives a non-strict tool with the schema as the
 * server sent it (never a half-converted one). A required argument missing from a call is refused
 * before the server is contacted. MCP annotations become core's risk annotations (`readOnly`,
 * `destructive`, ...) — only the cautious ones unless the server is trusted — and a
 * `destructiveHint` asks for approval unless `requireApproval` says otherwise.
 *
 * @throws ToolDefinitionError when the schema cannot be used even non-strict. @internal
 */
export function adaptTool<TContext>(info: McpToolInfo, exposedName: string, config: AdapterConfig<TContext>): Tool<TContext> {
  const required = requiredKeys(info.inputSchema);
  const definition = {
    name: exposedName,
    description: boundedText(describe(info, config.server), MAX_DESCRIPTION_CHARS),
    parameters: info.inputSchema as JsonSchema,
    source: `MCP server "${config.server}" (tool "${info.name}")`,
    ...config.toolOptions,
    ...toolAnnotationsFromMcp(info.annotations, { trusted: config.trustAnnotations }),
    needsApproval: approvalOf(info, exposedName, config.requireApproval, config.trustAnnotations === true),
    invoke: async (ctx: ToolContext<TContext>, args: Record<string, unknown> | undefined) => {
      const given = args ?? {};
      const missing = required.filter((key) => given[key] === undefined);
      if (missing.length > 0) {
        throw new ToolArgumentsError(exposedName, missing.map((key) => ({ path: `/${key}`, message: 'is required' })), ctx?.callId);
      }
      return config.call(info, exposedName, given, ctx);
    },
  };
  let tool: Tool<TContext>;
  if (config.strict) {
    try {
      tool = defineTool<TContext>({ ...definition, strict: true });
    } catch (error) {
      if (!(error instanceof ToolDefinitionError)) throw error;
      tool = defineTool<TContext>({ ...definition, strict: false });
    }
  } else {
    tool = defineTool<TContext>({ ...definition, strict: false });
  }
  if (info.outputSchema) Object.assign(tool, { outputSchema: info.outputSchema });
  return tool;
}

/** Z-113: an empty description falls back to the title, then the annotations' title. */
function describe(info: McpToolInfo, server: string): string {
  for (const text of [info.description, info.title, info.annotations?.title]) {
    if (typeof text === 'string' && text.trim().length > 0) return text;
  }
  return `Tool "${info.name}" of the MCP server "${server}".`;
}

function requiredKeys(schema: Record<string, unknown>): string[] {
  const required = schema.required;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}

function approvalOf<TContext>(
  info: McpToolInfo,
  exposedName: string,
  rule: boolean | string[] | McpApprovalPredicate<TContext> | undefined,
  trusted: boolean,
): boolean | ApprovalPredicate<TContext> {
  if (rule === undefined) return destructiveByAnnotations(info.annotations, { trusted });
  if (typeof rule === 'boolean') return rule;
  if (Array.isArray(rule)) return rule.includes(info.name) || rule.includes(exposedName);
  return (ctx, args) => rule(info, args, ctx);
}

import type { RunContext } from '@toolwright/core';
import type { McpToolInfo } from './mcp-toolset-options';

/** Which of a server's tools are offered. @internal */
export interface ToolSelection<TContext> {
  allowedTools?: string[];
  blockedTools?: string[];
  filter?: (tool: McpToolInfo, ctx: RunContext<TContext>) => boolean;
}

/**
 * The tools to offer: those `allowedTools` names (when given), minus those `blockedTools` names
 * (blocked always wins), kept by `filter`. Names match the server's name or the exposed one.
 * Runs on every listing, cached or not. @internal
 */
export function selectTools<TContext>(
  tools: readonly McpToolInfo[],
  exposed: ReadonlyMap<string, string>,
  selection: ToolSelection<TContext>,
  ctx: RunContext<TContext>,
): McpToolInfo[] {
  const allowed = selection.allowedTools ? new Set(selection.allowedTools) : undefined;
  const blocked = new Set(selection.blockedTools ?? []);
  const named = (set: ReadonlySet<string>, tool: McpToolInfo): boolean => set.has(tool.name) || set.has(exposed.get(tool.name) ?? tool.name);
  return tools.filter((tool) => {
    if (named(blocked, tool)) return false;
    if (allowed && !named(allowed, tool)) return false;
    return selection.filter ? selection.filter(tool, ctx) === true : true;
  });
}

import {
  ToolArgumentsError, ToolResult, UserError, defineTool, isToolset, parseToolArguments,
  type RunContext, type Tool, type ToolContext, type ToolEntry, type Toolset,
} from '@toolwright/core';
import { flattenEntries } from '@toolwright/core/internal';
import { closeToolsets } from '../shared/close-toolsets';
import { checkToolTimeLimit } from '../shared/tool-time-limit';
import { executeToolCall } from '@toolwright/core/extend';
import { keywordSearch, type KeywordSearchItem } from './keyword-search';

/** Options of `new ToolProxyToolset(...)`. */
export interface ToolProxyToolsetOptions {
  /** The hidden tools: `Tool`s, `Toolset`s (an `McpToolset`, ...), decorated instances, arrays. */
  tools: ToolEntry[];
  /** Names the toolset in errors (default `tool_proxy`). */
  name?: string;
  /** The search tool's name (default `search_tools`). */
  searchToolName?: string;
  /** The call tool's name (default `call_tool`). */
  callToolName?: string;
  /** Most tools one search returns (default 5). */
  maxResults?: number;
  searchDescription?: string;
  callDescription?: string;
}

interface Entry extends KeywordSearchItem {
  tool: Tool;
}

/**
 * Two fixed tools in front of any number of hidden ones (U-6): `search_tools { query }` returns
 * the matching tools' schemas as text, one JSON object per line (`{"name","description",
 * "parameters"}`), and `call_tool { name, parameters }` calls one. The offered tools never change,
 * so a provider's prompt cache stays warm, however large or changing the hidden set (for
 * example an MCP server's tools, listed again every turn).
 *
 * `call_tool` validates `parameters` against the hidden tool's schema, asks for approval when the
 * hidden tool needs it (never for a call that will be refused: an unknown tool or invalid
 * parameters), and runs the hidden tool's guardrails, interceptors, timeout and `failureError`.
 * Runner approval policies see the call as a call of `call_tool`.
 *
 * @example
 * const proxy = new ToolProxyToolset({ tools: [new McpToolset({ name: 'github', transport: { url } })] });
 * const agent = new Agent({ name: 'assistant', tools: [proxy] });
 */
export class ToolProxyToolset implements Toolset {
  readonly name: string;
  /** `search_tools { query }`. */
  readonly searchTool: Tool;
  /** `call_tool { name, parameters }`. */
  readonly callTool: Tool;
  private readonly maxResults: number;
  private readonly fixed: Tool[] = [];
  private readonly toolsets: Toolset[] = [];
  private catalogue?: Map<string, Entry>;

  constructor(options: ToolProxyToolsetOptions) {
    if (!options || !Array.isArray(options.tools)) {
      throw new UserError('new ToolProxyToolset({ tools }) needs `tools`: an array of Tools, Toolsets or decorated toolkit instances.');
    }
    this.name = options.name ?? 'tool_proxy';
    this.maxResults = options.maxResults ?? 5;
    if (!Number.isInteger(this.maxResults) || this.maxResults < 1) throw new UserError(`ToolProxyToolset "${this.name}": maxResults must be a positive integer.`);
    this.collect(options.tools);
    const searchName = options.searchToolName ?? 'search_tools';
    const callName = options.callToolName ?? 'call_tool';
    this.searchTool = defineTool({
      name: searchName,
      description:
        options.searchDescription ??
        `Search for available tools by describing what you need. Returns the schemas of matching tools. Use ${callName} to invoke them.`,
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'Keywords or regular expressions describing the tools you need.' } }, required: ['query'] },
      readOnly: true,
      source: `ToolProxyToolset "${this.name}"`,
      invoke: (ctx, { query }: { query: string }) => this.searchResult(query, ctx),
    });
    this.callTool = defineTool({
      name: callName,
      description: options.callDescription ?? `Call a tool by name with the given arguments. Use ${searchName} to discover tools and their parameters first.`,
      parameters: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The name of the tool to call.' },
          parameters: { type: 'object', description: "The tool's arguments, matching its parameters schema." },
        },
        required: ['name', 'parameters'],
      },
      strict: false,
      source: `ToolProxyToolset "${this.name}"`,
      needsApproval: (ctx, args: { name?: unknown; parameters?: unknown }, callId) => this.needsApproval(ctx, args, callId),
      invoke: (ctx, args: { name?: unknown; parameters?: unknown }) => this.call(ctx, args, searchName),
    });
  }

  /** Sets up the hidden toolsets. */
  async setup(): Promise<void> {
    for (const toolset of this.toolsets) await toolset.setup?.();
  }

  /** Closes the hidden toolsets (each one, even when one fails). */
  async close(): Promise<void> {
    await closeToolsets(this.toolsets);
  }

  /** The two fixed tools; the hidden catalogue is read again for this turn. */
  async tools(ctx: RunContext): Promise<Tool[]> {
    await this.refresh(ctx);
    return [this.searchTool, this.callTool];
  }

  /** The hidden tools matching `query` (keyword search, best first). */
  async search(query: string, ctx: RunContext, maxResults = this.maxResults): Promise<Tool[]> {
    const catalogue = this.catalogue ?? (await this.refresh(ctx));
    return keywordSearch([...catalogue.values()], query, maxResults).map((e) => e.tool);
  }

  private async searchResult(query: string, ctx: RunContext): Promise<ToolResult> {
    if (typeof query !== 'string' || query.trim() === '') return ToolResult.error('query cannot be empty');
    const hits = await this.search(query, ctx);
    if (hits.length === 0) return ToolResult.error(`No tools found matching '${query}'.`);
    return ToolResult.text(hits.map((t) => JSON.stringify({ name: t.name, description: t.description, parameters: t.parameters })).join('\n'));
  }

  /** Z-68: a call that will be refused (unknown tool, invalid parameters) never asks a person. */
  private async needsApproval(ctx: RunContext, args: { name?: unknown; parameters?: unknown }, callId: string): Promise<boolean> {
    const resolved = await this.resolve(ctx, args, callId);
    if ('refusal' in resolved) return false;
    const { tool, parsed } = resolved;
    return typeof tool.needsApproval === 'function' ? (await tool.needsApproval(ctx, parsed, callId)) === true : tool.needsApproval === true;
  }

  private async call(ctx: ToolContext, args: { name?: unknown; parameters?: unknown }, searchName: string): Promise<ToolResult> {
    const resolved = await this.resolve(ctx, args, ctx.callId, searchName);
    if ('refusal' in resolved) return ToolResult.error(resolved.refusal);
    // The hidden tool's own pipeline (its guardrails, interceptors, time limit, failureError, output
    // cap) as part of this call: what would end a run ends this run. The runner's own enhancers
    // already ran around this call.
    return executeToolCall(resolved.tool, JSON.stringify(args.parameters), { parent: ctx });
  }

  private async resolve(
    ctx: RunContext,
    args: { name?: unknown; parameters?: unknown },
    callId: string,
    searchName = this.searchTool.name,
  ): Promise<{ tool: Tool; parsed: unknown } | { refusal: string }> {
    const name = typeof args?.name === 'string' ? args.name.trim() : '';
    if (name === '') return { refusal: 'tool name cannot be empty' };
    if (args.parameters === undefined || args.parameters === null) return { refusal: 'parameters is required' };
    const catalogue = this.catalogue ?? (await this.refresh(ctx));
    const entry = catalogue.get(name);
    if (!entry) return { refusal: `unknown tool '${name}', use ${searchName} to discover available tools` };
    try {
      return { tool: entry.tool, parsed: parseToolArguments(entry.tool, JSON.stringify(args.parameters), callId) };
    } catch (error) {
      if (error instanceof ToolArgumentsError) return { refusal: `invalid parameters for tool '${name}': ${JSON.stringify(error.violations)}` };
      return { refusal: `error calling '${name}': ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /** Reads the hidden tools: the fixed ones and each toolset's tools for this turn. */
  private async refresh(ctx: RunContext): Promise<Map<string, Entry>> {
    const catalogue = new Map<string, Entry>();
    const add = (tool: Tool, from: string): void => {
      if (catalogue.has(tool.name)) throw new UserError(`ToolProxyToolset "${this.name}": two hidden tools are named "${tool.name}" (the second from ${from}). Rename one, or give a toolset a name prefix.`);
      const properties = (tool.parameters as { properties?: Record<string, { description?: unknown }> }).properties ?? {};
      const parameters = Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, typeof schema?.description === 'string' ? schema.description : '']));
      catalogue.set(tool.name, { name: tool.name, description: tool.description, parameters, tool });
    };
    for (const tool of this.fixed) add(tool, tool.source ?? 'a tool');
    for (const toolset of this.toolsets) {
      for (const tool of await toolset.tools(ctx)) {
        checkToolTimeLimit(tool, `ToolProxyToolset "${this.name}" (toolset "${toolset.name}")`);
        add(tool, `toolset "${toolset.name}"`);
      }
    }
    this.catalogue = catalogue;
    return catalogue;
  }

  private collect(entries: readonly ToolEntry[]): void {
    const flat = flattenEntries(entries, {
      toolsets: true,
      refuse: (_entry, path) => {
        throw new UserError(`ToolProxyToolset "${this.name}": tools${path} is not a Tool, a Toolset or a decorated toolkit instance.`);
      },
    });
    for (const entry of flat) {
      if (isToolset(entry)) {
        this.toolsets.push(entry);
      } else {
        checkToolTimeLimit(entry, `ToolProxyToolset "${this.name}"`);
        this.fixed.push(entry);
      }
    }
  }
}

import { UserError, isToolset, type RunContext, type Tool, type Toolset } from '@toolwright/core';
import { flattenEntries } from '@toolwright/core/internal';
import { closeToolsets } from '../shared/close-toolsets';
import { checkToolTimeLimit } from '../shared/tool-time-limit';
import type { ServeEntry } from './serve-options';

/**
 * The tools a served MCP server offers: fixed tools (from decorated instances and `Tool`s),
 * resolved once, and toolsets, asked on every listing and call. Names must be unique. @internal
 */
export class ServedTools {
  private readonly fixed = new Map<string, Tool>();
  private readonly toolsets: Toolset[] = [];

  constructor(entries: readonly ServeEntry[]) {
    if (!Array.isArray(entries)) throw new UserError('serveMcp(toolkits, options): toolkits must be an array of decorated instances, Tools or Toolsets.');
    const flat = flattenEntries(entries, {
      toolsets: true,
      refuse(_entry, path) {
        throw new UserError(
          `serveMcp: toolkits${path} is neither a decorated toolkit instance, a Tool nor a Toolset. Pass instances of classes with @Tool methods, defineTool(...) results or Toolsets.`,
        );
      },
    });
    for (const entry of flat) {
      if (isToolset(entry)) this.toolsets.push(entry);
      else if (!builtInOnly(entry)) this.addFixed(entry);
    }
  }

  /** Whether the tools offered can change: toolsets are asked anew, `isEnabled` may change its answer. */
  get mayChange(): boolean {
    return this.toolsets.length > 0 || [...this.fixed.values()].some((tool) => tool.isEnabled !== undefined);
  }

  /**
   * Calls `listener` when a toolset that can tell (one with `onToolsChanged(listener)`, such as
   * `McpToolset`) says its tools changed; returns a function that stops listening.
   */
  watch(listener: () => void): () => void {
    const stops: Array<() => void> = [];
    for (const toolset of this.toolsets) {
      const subscribe = (toolset as Toolset & { onToolsChanged?: unknown }).onToolsChanged;
      if (typeof subscribe !== 'function') continue;
      const stop = (subscribe as (listener: () => void) => unknown).call(toolset, listener);
      if (typeof stop === 'function') stops.push(stop as () => void);
    }
    return () => stops.forEach((stop) => stop());
  }

  /** Runs the toolsets' `setup()`. */
  async setup(): Promise<void> {
    for (const toolset of this.toolsets) await toolset.setup?.();
  }

  /** Runs the toolsets' `close()`, every one even when one fails; rethrows the first failure. */
  async close(): Promise<void> {
    await closeToolsets(this.toolsets);
  }

  /** Every tool offered now, in order: fixed tools, then each toolset's. */
  async list(ctx: RunContext<unknown>): Promise<Tool[]> {
    if (this.toolsets.length === 0) return [...this.fixed.values()];
    const out = [...this.fixed.values()];
    const sources = new Map<string, string>(out.map((t) => [t.name, t.source ?? 'a tool']));
    for (const toolset of this.toolsets) {
      for (const tool of await toolset.tools(ctx)) {
        if (builtInOnly(tool)) continue;
        checkToolTimeLimit(tool, `serveMcp (toolset "${toolset.name}")`);
        const earlier = sources.get(tool.name);
        if (earlier !== undefined) {
          throw new UserError(`serveMcp: two tools are named "${tool.name}": one from ${earlier}, one from toolset "${toolset.name}". Rename one, or give the toolset a name prefix.`);
        }
        sources.set(tool.name, `toolset "${toolset.name}"`);
        out.push(tool);
      }
    }
    return out;
  }

  /** The tool named `name` now, if any. */
  async find(name: string, ctx: RunContext<unknown>): Promise<Tool | undefined> {
    const fixed = this.fixed.get(name);
    if (fixed || this.toolsets.length === 0) return fixed;
    return (await this.list(ctx)).find((t) => t.name === name);
  }

  private addFixed(tool: Tool): void {
    checkToolTimeLimit(tool, 'serveMcp');
    const earlier = this.fixed.get(tool.name);
    if (earlier) {
      throw new UserError(
        `serveMcp: two tools are named "${tool.name}" (${tool.source ?? 'a later entry'} and ${earlier.source ?? 'an earlier entry'}). Tool names must be unique: rename one (@Tool({ name }), a toolkit prefix).`,
      );
    }
    this.fixed.set(tool.name, tool);
  }
}

// A tool offered only as a provider's built-in (OpenAI's shell, beside its function stand-in
// exec_command) has no place among an MCP server's tools.
function builtInOnly(tool: Tool): boolean {
  return tool.native?.form === 'native';
}

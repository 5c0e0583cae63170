import { isTool } from '../contracts/is-tool';
import type { Tool } from '../contracts/tool';
import type { ToolEntry } from '../contracts/tool-entry';
import { isToolset, type Toolset } from '../contracts/toolset';
import { UserError } from '../errors/user.error';
import { isToolkitInstance, toolsOf } from '../toolkit/tools-of';

/**
 * The one walk over `tools` lists (an agent's, a catalogue's): arrays are flattened, decorated
 * instances become their tools, `Tool`s (and `Toolset`s, when `toolsets` is set) are kept.
 * Anything else goes to `refuse` with its path (`[2][0]`), which throws.
 */
export function flattenEntries(
  entries: readonly ToolEntry[],
  options: { toolsets: boolean; refuse(entry: unknown, path: string): never },
): Array<Tool | Toolset> {
  const out: Array<Tool | Toolset> = [];
  const visit = (entry: ToolEntry, path: string): void => {
    if (Array.isArray(entry)) {
      entry.forEach((child, i) => visit(child, `${path}[${i}]`));
    } else if (isTool(entry) || (options.toolsets && isToolset(entry))) {
      out.push(entry);
    } else if (isToolkitInstance(entry)) {
      out.push(...toolsOf(entry));
    } else {
      options.refuse(entry, path);
    }
  };
  entries.forEach((entry, i) => visit(entry, `[${i}]`));
  return out;
}

/**
 * Flattens an agent's `tools` into tools and toolsets (see {@link flattenEntries}); anything
 * else fails with `UserError` naming the agent and the entry. Done once per agent per run. @internal
 */
export function flattenToolEntries(agentName: string, entries: readonly ToolEntry[]): Array<Tool | Toolset> {
  return flattenEntries(entries, {
    toolsets: true,
    refuse(entry, path) {
      throw new UserError(
        `Agent "${agentName}": tools${path} is not a tool (${describeEntry(entry)}). ` +
          'Pass an instance of a class with @Tool methods, a Tool from defineTool(...), a Toolset, or an array of these.',
      );
    },
  });
}

/** What an entry that is not a tool is, for error messages. @internal */
export function describeEntry(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = (value as object).constructor?.name;
  return name && name !== 'Object'
    ? `an instance of ${name} with no @Tool methods — decorate its methods with @Tool`
    : 'a plain object that is neither a Tool nor a Toolset';
}

import type { RunContext, Tool } from '../tool/tool';

/**
 * A named source of tools, resolved every turn. Tools may change between turns. `setup()` runs
 * before a run first uses the toolset and `close()` when that run ends.
 */
export interface Toolset<TContext = any> {
  readonly name: string;
  tools(ctx: RunContext<TContext>): Tool<TContext>[] | Promise<Tool<TContext>[]>;
  setup?(): void | Promise<void>;
  close?(): void | Promise<void>;
}

/** Whether `value` is a `Toolset` (has a `name` and a `tools()` function, and is not a `Tool`). */
export function isToolset(value: unknown): value is Toolset {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Toolset> & { type?: unknown };
  return typeof v.name === 'string' && typeof v.tools === 'function' && v.type !== 'function';
}

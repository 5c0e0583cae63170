import type { RunContext, Tool } from './tool';

/**
 * A named source of tools, asked for its tools at the start of every turn, so the tools may
 * change between turns. `setup()` runs before the first run that uses the toolset asks for its
 * tools; `close()` runs when the last run using it ends (completed, interrupted or failed). Runs
 * that overlap share one setup.
 *
 * @example
 * const clock: Toolset = {
 *   name: 'clock',
 *   tools: () => [defineTool({ name: 'now', description: 'The current time.', parameters: {}, invoke: () => new Date().toISOString() })],
 * };
 */
export interface Toolset<TContext = any> {
  readonly name: string;
  /** The tools to offer this turn. `ctx.disclosedTools` lists the deferred tools disclosed so far. */
  tools(ctx: RunContext<TContext>): Tool<TContext>[] | Promise<Tool<TContext>[]>;
  setup?(): void | Promise<void>;
  close?(): void | Promise<void>;
  /**
   * Whether `name` is a deferred tool this toolset holds back from `tools()` until a result's
   * `addedTools` discloses it. Lets a toolset keep a large hidden catalogue without listing it
   * every turn (see `ToolSearchToolset`); tools returned with `deferred: true` need no entry here.
   */
  hasDeferredTool?(name: string): boolean;
}

/** Whether `value` is a `Toolset` (has a `name` and a `tools()` function, and is not a `Tool`). */
export function isToolset(value: unknown): value is Toolset {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Toolset> & { type?: unknown };
  return typeof v.name === 'string' && typeof v.tools === 'function' && v.type !== 'function';
}

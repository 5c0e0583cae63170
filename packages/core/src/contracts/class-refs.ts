import type { RunContext } from './run-context';

/**
 * The classes the contracts name. Contracts sit at the bottom of core's layers and import
 * nothing above them, but a few of them mention classes that live higher up: `Agent`
 * (agent/agent.ts), `RunState` (state/run-state.ts) and `ToolResult` (result/tool-result.ts);
 * `Tool` (contracts/tool.ts) too, for the guardrail and interceptor contracts a tool holds.
 * Each of those files completes its reference here by declaration merging
 * (`declare module '../contracts/class-refs'`), so a contract's `Agent` is exactly the class,
 * with no upward import. Only the members listed below are known without the classes.
 */

/** The `Agent` class, as contracts name it (completed by agent/agent.ts). */
export interface AgentRef<TContext = unknown> {
  readonly name: string;
  resolveInstructions(ctx: RunContext<TContext>): Promise<string | undefined>;
}

/** The `RunState` class, as contracts name it (completed by state/run-state.ts). */
export interface RunStateRef<TContext = unknown> {
  readonly id: string;
  context: TContext;
}

/** The `ToolResult` class, as contracts name it (completed by result/tool-result.ts). */
export interface ToolResultRef {
  /** The text parts of the content, joined. */
  readonly text: string;
}

/** The `Tool` contract, as the guardrail and interceptor contracts name it (completed by contracts/tool.ts). */
export interface ToolRef<TContext = any> {
  readonly name: string;
  isEnabled?: (ctx: RunContext<TContext>, agent: AgentRef<TContext>) => boolean | Promise<boolean>;
}

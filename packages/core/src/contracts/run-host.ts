import type { ApprovalDecision } from './approval-decision';
import type { ApprovalRequest } from './approval-request';
import type { AgentRef as Agent } from './class-refs';
import type { RunContext } from './run-context';
import type { RunResult } from './run-result';
import type { ToolContext } from './tool';

/**
 * What a tool that starts a nested run (an agent used as a tool) needs from the calling run.
 * The runner provides it per call. @internal
 */
export interface RunHost {
  /**
   * Runs `agent` as a nested run on the calling run's runner: with the call's context and
   * signal, streamed (its events forwarded as progress of the call) when the calling run is, in
   * plan mode and traced under the call when the calling run is, and resumed from the call's
   * saved nested state when it paused on a nested approval before.
   */
  runNested<TContext>(agent: Agent<TContext>, input: string, options: { maxTurns?: number }): Promise<RunResult<unknown, TContext>>;
  /** The calling run's `approvalHandler`, when it has one. */
  readonly approvalHandler?: RunApprovalHandler;
}

/** A run's `approvalHandler`, as a call's tool may reach it (`approvalHandlerOf`). */
export type RunApprovalHandler = (request: ApprovalRequest, ctx: RunContext<any>) => ApprovalDecision | undefined | Promise<ApprovalDecision | undefined>;

let resolveRunHost: (ctx: ToolContext<any>) => RunHost | undefined = () => undefined;

/**
 * Installs how a context finds its run host; the call pipeline sets it when it loads (it owns the
 * context class), so this layer needs no import of it. @internal
 */
export function setRunHostResolver(resolver: (ctx: ToolContext<any>) => RunHost | undefined): void {
  resolveRunHost = resolver;
}

/** The run host of a call's context, or `undefined` when the call was not made by a run. @internal */
export function runHostOf(ctx: ToolContext<any>): RunHost | undefined {
  return resolveRunHost(ctx);
}

/**
 * The `approvalHandler` of the run that made a call, or `undefined` (no handler, or not a run's
 * call). Lets a tool that is asked for approval mid-call (an MCP server's approval form) decide
 * it as the run decides its own calls.
 */
export function approvalHandlerOf(ctx: ToolContext<any>): RunApprovalHandler | undefined {
  return resolveRunHost(ctx)?.approvalHandler;
}

import type { StartedInvocation } from '../../calls/call-host';
import type { ToolContext } from '../../contracts/tool';
import type { ToolResult } from '../../result/tool-result';
import type { TaskRegistry } from '../../tasks/running-tasks';
import type { RunHooks } from '../../contracts/run-hooks';
import { callHooks } from './call-hooks';

/** What the lifecycle keeps per started call, for `onToolEnd` and the call's span. @internal */
export interface StartedCall {
  ctx: ToolContext<any>;
  /** What the tool (or the runner's timeout, a cancellation) threw. */
  error?: unknown;
  /**
   * The error of an `onToolStart` hook. The call path would feed it to the model like a tool's
   * error; the lifecycle rethrows it once the call returns, so it fails the run.
   */
  hookError?: unknown;
}

/** The lifecycle's layer around a call's interceptors. @internal */
export type LifecycleAround = (invocation: StartedInvocation, next: () => Promise<ToolResult>) => Promise<ToolResult>;

/**
 * The outermost layer of a run with a lifecycle: it runs once a call passed its input
 * guardrails, fires `onToolStart`, registers the call as a running task (with `runningTasks`),
 * and remembers the call's context and error for `onToolEnd` and the call's span. @internal
 */
export function lifecycleAround(hooks: RunHooks | undefined, started: Map<string, StartedCall>, tasks: { registry: TaskRegistry; runId: string } | undefined): LifecycleAround {
  return async ({ tool, args, ctx, abort }, next) => {
    const agent = ctx.agent;
    const entry: StartedCall = { ctx };
    started.set(ctx.callId, entry);
    if (hooks?.onToolStart || agent.hooks?.onToolStart) {
      try {
        await callHooks(hooks, agent, ['onToolStart', 'onToolStart'], { agent, tool, callId: ctx.callId, args, ctx });
      } catch (error) {
        entry.hookError = error;
        throw error;
      }
    }
    try {
      if (!tasks) return await next();
      const task = { callId: ctx.callId, toolName: tool.name, arguments: ctx.arguments, cancellable: tool.cancellable !== false, runId: tasks.runId };
      return await tasks.registry.run(task, abort, next);
    } catch (error) {
      entry.error = error;
      throw error;
    }
  };
}

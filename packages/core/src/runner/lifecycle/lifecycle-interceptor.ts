import type { ToolInterceptor } from '../../contracts/tool-interceptor';
import type { ToolResult } from '../../result/tool-result';
import type { TaskRegistry } from '../../tasks/running-tasks';
import { callRecordOf } from '../tool-context';
import type { RunHooks } from '../../contracts/run-hooks';
import { callHooks } from './call-hooks';

/** What the lifecycle interceptor keeps per started call, for `onToolEnd` and the call's span. @internal */
export interface StartedCall {
  ctx: import('../../contracts/tool').ToolContext<any>;
  /** What the tool (or the runner's timeout, a cancellation) threw. */
  error?: unknown;
  /**
   * The error of an `onToolStart` hook. The call path would feed it to the model like a tool's
   * error; the lifecycle rethrows it once the call returns, so it fails the run.
   */
  hookError?: unknown;
}

/**
 * The outermost interceptor of a run with a lifecycle: it runs once a call passed its input
 * guardrails, fires `onToolStart`, registers the call as a running task (with `runningTasks`),
 * and remembers the call's context and error for `onToolEnd` and the call's span. @internal
 */
export function lifecycleInterceptor(hooks: RunHooks | undefined, started: Map<string, StartedCall>, tasks: { registry: TaskRegistry; runId: string } | undefined): ToolInterceptor {
  return {
    async intercept({ tool, args, ctx }, next): Promise<ToolResult> {
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
        const record = callRecordOf(ctx);
        const task = { callId: ctx.callId, toolName: tool.name, arguments: ctx.arguments, cancellable: tool.cancellable !== false, runId: tasks.runId };
        return await tasks.registry.run(task, (reason) => record?.abort(reason), next);
      } catch (error) {
        entry.error = error;
        throw error;
      }
    },
  };
}

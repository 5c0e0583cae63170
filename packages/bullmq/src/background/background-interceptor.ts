import { createHash } from 'node:crypto';
import { ToolResult, type ToolInterceptor } from '@toolwright/core';

/** What the launcher gets for a background call. @internal */
export interface BackgroundCall {
  taskId: string;
  toolName: string;
  callId: string;
  arguments: string;
}

/** The task id of a run's call: stable, so a launch repeated after a crash is the same task. @internal */
export function taskIdOf(runId: string, callId: string): string {
  return `task-${createHash('sha256').update(`${runId}\n${callId}`).digest('hex').slice(0, 20)}`;
}

/**
 * The interceptor that hands the calls of `background: true` tools to `launch` instead of
 * running them, and answers the model at once with the task's handle. Other calls go on. It sits
 * inside the call ledger, so a launch is recorded like any call and not repeated after a crash.
 * @internal
 */
export function backgroundInterceptor(runId: string, launch: (call: BackgroundCall) => Promise<void>): ToolInterceptor {
  return {
    async intercept({ tool, ctx }, next) {
      if (tool.background !== true) return next();
      const taskId = taskIdOf(runId, ctx.callId);
      await launch({ taskId, toolName: tool.name, callId: ctx.callId, arguments: ctx.arguments });
      return ToolResult.text(`Started ${tool.name} in the background (task id ${taskId}). Its result will be delivered to this conversation when it finishes; do not wait for it.`)
        .withDetails({ background: true, taskId });
    },
  };
}

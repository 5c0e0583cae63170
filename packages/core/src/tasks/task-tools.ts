import { ToolTaskError } from '../errors/tool-task.error';
import { ToolResult } from '../result/tool-result';
import { defineTool } from '../tool/define-tool';
import type { Tool } from '../contracts/tool';
import type { TaskRegistry } from './running-tasks';

/** The names of the running-task built-ins. */
export const RUNNING_TASK_TOOLS = { list: 'get_running_tasks', cancel: 'cancel_task' } as const;

/**
 * The built-in tools of `runningTasks` for one run: `get_running_tasks` lists the cancellable
 * calls running in the run (one JSON line per call, sorted by call id), `cancel_task { call_id }`
 * cancels one. Both run at once (they never wait on a task). @internal
 */
export function runningTaskTools(registry: TaskRegistry, runId: string): Tool[] {
  const list = defineTool({
    name: RUNNING_TASK_TOOLS.list,
    description: 'List the tool calls of this conversation that are still running and can be cancelled.',
    parameters: { type: 'object', properties: {} },
    source: 'runningTasks',
    readOnly: true,
    openWorld: false,
    cancellable: false,
    invoke: () => {
      const running = registry.list(runId);
      if (running.length === 0) return 'No tasks are running.';
      return running.map((t) => JSON.stringify({ type: 'function_call', callId: t.callId, name: t.toolName, arguments: t.arguments })).join('\n');
    },
  });
  const cancel = defineTool({
    name: RUNNING_TASK_TOOLS.cancel,
    description: 'Cancel a running tool call by its call id (from get_running_tasks).',
    parameters: { type: 'object', properties: { call_id: { type: 'string', description: 'The call id of the running call.', maxLength: 256 } }, required: ['call_id'] },
    source: 'runningTasks',
    openWorld: false,
    cancellable: false,
    invoke: (_ctx, args: { call_id: string }) => {
      try {
        registry.cancel(args.call_id, 'cancelled by the model (cancel_task)', runId);
        return `Task ${args.call_id} cancelled successfully.`;
      } catch (error) {
        if (error instanceof ToolTaskError) return ToolResult.error(error.message);
        throw error;
      }
    },
  });
  return [list, cancel];
}

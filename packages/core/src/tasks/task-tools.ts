import { ToolTaskError } from '../errors/tool-task.error';
import { ToolResult } from '../result/tool-result';
import { defineTool } from '../tool/define-tool';
import type { Tool } from '../contracts/tool';
import type { ExternalTask, TaskCancelOutcome, TaskSource } from '../contracts/task-source';
import type { TaskRegistry } from './running-tasks';

/** The names of the running-task built-ins. */
export const RUNNING_TASK_TOOLS = { list: 'get_running_tasks', cancel: 'cancel_task' } as const;

/** The running tasks of one run: the calls running in the process, and its external tasks if any. @internal */
export interface RunTasks {
  registry: TaskRegistry;
  runId: string;
  source?: TaskSource;
}

const CANCEL_REASON = 'cancelled by the model (cancel_task)';

/**
 * The built-in tools of `runningTasks` for one run: `get_running_tasks` lists the cancellable
 * calls running in the run (one JSON line per call, sorted by call id), then its external tasks
 * (one `background_task` line each); `cancel_task { call_id }` cancels one (a call, or an external
 * task by its task id or call id). Both run at once (they never wait on a task). @internal
 */
export function runningTaskTools(tasks: RunTasks): Tool[] {
  const { registry, runId, source } = tasks;
  const list = defineTool({
    name: RUNNING_TASK_TOOLS.list,
    description: source
      ? 'List the tool calls of this conversation that are still running and can be cancelled, and its background tasks whose results have not been delivered yet.'
      : 'List the tool calls of this conversation that are still running and can be cancelled.',
    parameters: { type: 'object', properties: {} },
    source: 'runningTasks',
    readOnly: true,
    openWorld: false,
    cancellable: false,
    invoke: async () => {
      const lines = registry.list(runId).map((t) => JSON.stringify({ type: 'function_call', callId: t.callId, name: t.toolName, arguments: t.arguments }));
      if (source) lines.push(...(await source.list()).map(externalLine));
      return lines.length === 0 ? 'No tasks are running.' : lines.join('\n');
    },
  });
  const cancel = defineTool({
    name: RUNNING_TASK_TOOLS.cancel,
    description: source
      ? 'Cancel a running tool call or background task by its call id, or a background task by its task id (from get_running_tasks).'
      : 'Cancel a running tool call by its call id (from get_running_tasks).',
    parameters: { type: 'object', properties: { call_id: { type: 'string', description: source ? 'The call id of the running call, or the task id of a background task.' : 'The call id of the running call.', maxLength: 256 } }, required: ['call_id'] },
    source: 'runningTasks',
    openWorld: false,
    cancellable: false,
    invoke: async (_ctx, args: { call_id: string }) => {
      const id = args.call_id;
      try {
        registry.cancel(id, CANCEL_REASON, runId);
        return `Task ${id} cancelled successfully.`;
      } catch (error) {
        if (!(error instanceof ToolTaskError)) throw error;
        if (error.code !== 'not_found' || !source) return ToolResult.error(error.message);
      }
      return cancelOutcomeResult(id, await source.cancel(id, CANCEL_REASON));
    },
  });
  return [list, cancel];
}

/** One external task as `get_running_tasks` lists it. */
function externalLine(task: ExternalTask): string {
  return JSON.stringify({ type: 'background_task', taskId: task.taskId, callId: task.callId, name: task.toolName, state: task.state, startedAt: new Date(task.startedAt).toISOString() });
}

/** What `cancel_task` answers for an external task. */
function cancelOutcomeResult(id: string, outcome: TaskCancelOutcome): string | ToolResult {
  switch (outcome) {
    case 'cancelled':
      return `Task ${id} cancelled successfully. Its result will not be delivered.`;
    case 'already_cancelled':
      return ToolResult.error(`Task ${id} was already cancelled.`);
    case 'finished':
      return ToolResult.error(`Task ${id} has already finished, so it cannot be cancelled; its result is delivered to this conversation.`);
    default:
      return ToolResult.error(`Task ${id} not found`);
  }
}

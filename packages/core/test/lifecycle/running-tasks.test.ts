import { Agent, RUNNING_TASK_TOOLS, Runner, ScriptedModel, ToolCancelledError, ToolTaskError, type TaskSource, type ToolContext } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

/** A tool that runs until its signal is aborted, and answers late then (the late answer is dropped). */
function endless(started: (ctx: ToolContext<any>) => void) {
  return textTool('crawl', (ctx) => {
    started(ctx);
    return new Promise((resolve) => ctx.signal.addEventListener('abort', () => setImmediate(() => resolve('late'))));
  });
}

describe('Running tasks', () => {
  describe('L-19: runner.cancel(callId) for the application', () => {
    it('ends a running call at once with an error output, aborts its signal, and the run goes on', async () => {
      let reason: unknown;
      const runner = new Runner({
        runningTasks: true,
        model: new ScriptedModel([{ toolCalls: [{ name: 'crawl', arguments: { value: 'site' }, callId: 'c1' }] }, (req) => ({ text: `after: ${outputsOf(req.input).c1}` })]),
      });
      const tool = endless((ctx) => {
        ctx.signal.addEventListener('abort', () => (reason = ctx.signal.reason));
        setImmediate(() => runner.cancel('c1', 'user pressed stop'));
      });
      const result = await runner.run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(result.finalOutput).toBe('after: Tool call c1 was cancelled.');
      expect(reason).toBeInstanceOf(ToolCancelledError);
      expect((reason as ToolCancelledError).message).toBe('Tool call c1 (crawl) was cancelled: user pressed stop.');
    });

    it('fails with ToolTaskError for an unknown call and for a tool that is not cancellable', async () => {
      const runner = new Runner({ runningTasks: true, model: new ScriptedModel([{ toolCalls: [{ name: 'stuck', arguments: { value: '' }, callId: 's1' }] }, { text: 'ok' }]) });
      expect(() => runner.cancel('nope')).toThrow(new ToolTaskError('not_found', 'nope'));
      expect(() => runner.cancel('nope')).toThrow('Task nope not found');
      let caught: unknown;
      const stuck = textTool('stuck', () => {
        try {
          runner.cancel('s1');
        } catch (error) {
          caught = error;
        }
        return 'done';
      }, { cancellable: false });
      const result = await runner.run(new Agent({ name: 'a', tools: [stuck] }), 'go');
      expect(caught).toBeInstanceOf(ToolTaskError);
      expect(caught).toMatchObject({ code: 'not_cancellable', callId: 's1', message: 'Tool call s1 is not cancellable' });
      expect(outputsOf(result.history).s1).toBe('done');
    });
  });

  describe('L-19: the get_running_tasks and cancel_task built-ins', () => {
    it('are offered only with runningTasks and a cancellable tool', async () => {
      const withTasks = new ScriptedModel([{ text: 'ok' }]);
      await new Runner({ runningTasks: true, model: withTasks }).run(new Agent({ name: 'a', tools: [textTool('t', () => '')] }), 'go');
      expect(withTasks.requests[0]!.tools.map((t) => t.name)).toEqual(['t', RUNNING_TASK_TOOLS.list, RUNNING_TASK_TOOLS.cancel]);
      const without = new ScriptedModel([{ text: 'ok' }]);
      await new Runner({ model: without }).run(new Agent({ name: 'a', tools: [textTool('t', () => '')] }), 'go');
      expect(without.requests[0]!.tools.map((t) => t.name)).toEqual(['t']);
      const fixed = new ScriptedModel([{ text: 'ok' }]);
      await new Runner({ runningTasks: true, model: fixed }).run(new Agent({ name: 'a', tools: [textTool('t', () => '', { cancellable: false })] }), 'go');
      expect(fixed.requests[0]!.tools.map((t) => t.name)).toEqual(['t']);
    });

    it('list the running cancellable calls sorted by call id and cancel one with the checklist\'s answers', async () => {
      const crawl = endless(() => undefined);
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: 'crawl', arguments: { value: 'b' }, callId: 'task_b' },
            { name: 'crawl', arguments: { value: 'a' }, callId: 'task_a' },
            { name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list1' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'task_a' }, callId: 'x1' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'task_b' }, callId: 'x2' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'ghost' }, callId: 'x3' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'x1' }, callId: 'x4' },
          ],
        },
        { toolCalls: [{ name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list2' }] },
        { text: 'ok' },
      ]);
      const result = await new Runner({ runningTasks: true, model }).run(new Agent({ name: 'a', tools: [crawl] }), 'go');
      const out = outputsOf(result.history);
      expect(String(out.list1).split('\n')).toEqual([
        '{"type":"function_call","callId":"task_a","name":"crawl","arguments":"{\\"value\\":\\"a\\"}"}',
        '{"type":"function_call","callId":"task_b","name":"crawl","arguments":"{\\"value\\":\\"b\\"}"}',
      ]);
      expect(out.x1).toBe('Task task_a cancelled successfully.');
      expect(out.x2).toBe('Task task_b cancelled successfully.');
      expect(out.x3).toBe('Task ghost not found');
      expect(out.x4).toMatch(/^Task x1 not found|^Tool call x1 is not cancellable$/);
      expect(out.task_a).toBe('Tool call task_a was cancelled.');
      expect(out.task_b).toBe('Tool call task_b was cancelled.');
      expect(out.list2).toBe('No tasks are running.');
    });
  });

  describe('with external tasks (the tasks run option)', () => {
    /** A source holding one running task and one finished one; cancel records what it was asked. */
    function source() {
      const cancelled: string[] = [];
      const tasks: TaskSource & { cancelled: string[] } = {
        cancelled,
        list: async () => [
          { taskId: 'task-1', toolName: 'build_report', callId: 'call_r', state: 'running', startedAt: Date.UTC(2026, 0, 2, 3, 4, 5) },
          { taskId: 'task-2', toolName: 'export', callId: 'call_e', state: 'finished', startedAt: Date.UTC(2026, 0, 2, 3, 4, 6) },
        ],
        cancel: async (id, reason) => {
          cancelled.push(`${id}: ${reason}`);
          return id === 'task-1' || id === 'call_r' ? 'cancelled' : id === 'task-2' ? 'finished' : id === 'task-3' ? 'already_cancelled' : 'not_found';
        },
      };
      return tasks;
    }

    it('offers the built-ins without runningTasks, even to an agent without cancellable tools', async () => {
      const model = new ScriptedModel([{ text: 'ok' }]);
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('t', () => '', { cancellable: false })] }), 'go', { tasks: source() });
      expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['t', RUNNING_TASK_TOOLS.list, RUNNING_TASK_TOOLS.cancel]);
    });

    it('lists them after the calls running here and cancels them by task id or call id, answering each outcome', async () => {
      const tasks = source();
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list1' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'task-1' }, callId: 'x1' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'call_r' }, callId: 'x2' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'task-2' }, callId: 'x3' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'task-3' }, callId: 'x4' },
            { name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'ghost' }, callId: 'x5' },
          ],
        },
        { text: 'ok' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('t', () => '')] }), 'go', { tasks });
      const out = outputsOf(result.history);
      expect(String(out.list1).split('\n')).toEqual([
        '{"type":"background_task","taskId":"task-1","callId":"call_r","name":"build_report","state":"running","startedAt":"2026-01-02T03:04:05.000Z"}',
        '{"type":"background_task","taskId":"task-2","callId":"call_e","name":"export","state":"finished","startedAt":"2026-01-02T03:04:06.000Z"}',
      ]);
      expect(out.x1).toBe('Task task-1 cancelled successfully. Its result will not be delivered.');
      expect(out.x2).toBe('Task call_r cancelled successfully. Its result will not be delivered.');
      expect(out.x3).toBe('Task task-2 has already finished, so it cannot be cancelled; its result is delivered to this conversation.');
      expect(out.x4).toBe('Task task-3 was already cancelled.');
      expect(out.x5).toBe('Task ghost not found');
      expect(tasks.cancelled).toContain('task-1: cancelled by the model (cancel_task)');
    });

    it('refuses a tasks option that is not a TaskSource', async () => {
      const run = new Runner({ model: new ScriptedModel([{ text: 'ok' }]) }).run(new Agent({ name: 'a' }), 'go', { tasks: { list: async () => [] } as unknown as TaskSource });
      await expect(run).rejects.toThrow('The run option tasks must be a TaskSource: an object with list() and cancel(id, reason), both returning promises.');
    });
  });
});

import { Agent, Runner, ScriptedModel, UserError, type RunContext, type Tool, type Toolset } from '@toolwright/core';
import { toolsetUsers } from '../../src/toolsets/toolset-lifecycle';
import { bareTool, outputsOf, sleep, offeredTools } from '../runner/helpers';

/** A toolset that records its lifecycle and serves whatever `current` holds. */
class RecordingToolset implements Toolset {
  readonly log: string[] = [];
  current: Tool[];
  constructor(
    readonly name: string,
    tools: Tool[],
    private readonly setupDelayMs = 0,
  ) {
    this.current = tools;
  }
  tools(_ctx: RunContext): Tool[] {
    this.log.push('tools');
    return this.current;
  }
  async setup(): Promise<void> {
    this.log.push('setup');
    if (this.setupDelayMs) await sleep(this.setupDelayMs);
  }
  async close(): Promise<void> {
    this.log.push('close');
  }
}

describe('Toolsets', () => {
  describe('resolution per turn', () => {
    it('asks the toolset for its tools at every model call and offers them next to plain tools', async () => {
      const toolset = new RecordingToolset('files', [bareTool('read_file', () => 'contents')]);
      const model = new ScriptedModel([{ toolCalls: [{ name: 'read_file', callId: 'r' }] }, { text: 'done' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [bareTool('now', () => 'noon'), toolset] }), 'go');
      expect(offeredTools(model)).toEqual([['now', 'read_file'], ['now', 'read_file']]);
      expect(outputsOf(result.history)).toEqual({ r: 'contents' });
      expect(toolset.log).toEqual(['setup', 'tools', 'tools', 'close']);
    });

    it('offers what the toolset returns now: tools can change between turns of one run', async () => {
      const toolset = new RecordingToolset('dynamic', [bareTool('first', () => 'one')]);
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'first', callId: 'a' }] },
        () => ({ toolCalls: [{ name: 'first', callId: 'b' }, { name: 'second', callId: 'c' }] }),
        { text: 'done' },
      ]);
      const switching = new Agent({
        name: 'a',
        tools: [
          bareTool('swap', () => 'unused'),
          toolset,
        ],
      });
      // After the first batch, the toolset starts serving a different tool.
      const firstTool = toolset.current[0]!;
      const wrapped: Tool = { ...firstTool, invoke: (ctx, args) => ((toolset.current = [bareTool('second', () => 'two')]), firstTool.invoke(ctx, args)) };
      toolset.current = [wrapped];
      const result = await new Runner({ model }).run(switching, 'go');
      expect(offeredTools(model)).toEqual([['swap', 'first'], ['swap', 'second'], ['swap', 'second']]);
      const outputs = outputsOf(result.history);
      expect(outputs['a']).toBe('one');
      expect(outputs['b']).toMatch(/^Tool "first" not found\. Available tools: swap, second/);
      expect(outputs['c']).toBe('two');
    });

    it('passes the run context to tools(ctx)', async () => {
      const seen: unknown[] = [];
      const toolset: Toolset<{ tenant: string }> = {
        name: 'tenant',
        tools: (ctx) => (seen.push(ctx.context), [bareTool(`for_${ctx.context.tenant}`, () => 'ok')]),
      };
      const model = new ScriptedModel([{ text: 'hi' }]);
      await new Runner({ model }).run(new Agent<{ tenant: string }>({ name: 'a', tools: [toolset] }), 'go', { context: { tenant: 'acme' } });
      expect(seen).toEqual([{ tenant: 'acme' }]);
      expect(offeredTools(model)).toEqual([['for_acme']]);
    });
  });

  describe('name collisions', () => {
    it('fail the turn with a UserError naming both sources (toolset and tool)', async () => {
      const toolset = new RecordingToolset('search', [bareTool('lookup', () => 'x')]);
      const agent = new Agent({ name: 'a', tools: [bareTool('lookup', () => 'y'), toolset] });
      const model = new ScriptedModel([{ text: 'never' }]);
      const run = new Runner({ model }).run(agent, 'go');
      await expect(run).rejects.toThrow(UserError);
      await expect(run).rejects.toThrow(/Agent "a" has two tools named "lookup": one from defineTool, one from toolset "search"/);
      expect(model.requests).toHaveLength(0);
      expect(toolset.log).toEqual(['setup', 'tools', 'close']);
    });

    it('between two toolsets name both toolsets, also when the clash appears only in a later turn', async () => {
      const left = new RecordingToolset('left', [bareTool('a_tool', () => 'l')]);
      const right = new RecordingToolset('right', [bareTool('b_tool', () => 'r')]);
      const model = new ScriptedModel([
        () => ((right.current = [bareTool('a_tool', () => 'clash')]), { toolCalls: [{ name: 'b_tool' }] }),
        { text: 'never' },
      ]);
      const run = new Runner({ model }).run(new Agent({ name: 'a', tools: [left, right] }), 'go');
      await expect(run).rejects.toThrow(/two tools named "a_tool": one from toolset "left", one from toolset "right"/);
      expect(model.requests).toHaveLength(1);
    });

    it('reject a toolset that returns something other than tools', async () => {
      const bad: Toolset = { name: 'bad', tools: () => [{ name: 'x' } as unknown as Tool] };
      await expect(new Runner({ model: new ScriptedModel([{ text: 'x' }]) }).run(new Agent({ name: 'a', tools: [bad] }), 'go')).rejects.toThrow(
        /Toolset "bad" returned a plain object .* among its tools/,
      );
    });
  });

  describe('setup and close', () => {
    it('run once per run, close also when the run fails', async () => {
      const toolset = new RecordingToolset('db', [bareTool('query', () => { throw new Error('boom'); }, { failureError: null })]);
      const model = new ScriptedModel([{ toolCalls: [{ name: 'query' }] }]);
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go')).rejects.toThrow(/boom/);
      expect(toolset.log).toEqual(['setup', 'tools', 'close']);
      expect(toolsetUsers(toolset)).toBe(0);
    });

    it('are shared by overlapping runs: one setup, and close only after the last run ends', async () => {
      const toolset = new RecordingToolset('shared', [bareTool('wait', async () => (await sleep(30), 'ok'))], 20);
      const agent = new Agent({ name: 'a', tools: [toolset] });
      const runner = new Runner({ model: new ScriptedModel((_r, turn) => (turn % 2 === 0 ? { toolCalls: [{ name: 'wait' }] } : { text: 'done' })) });
      const slow = runner.run(agent, 'one');
      await sleep(5);
      const fast = runner.run(agent, 'two');
      await Promise.all([slow, fast]);
      expect(toolset.log.filter((e) => e !== 'tools')).toEqual(['setup', 'close']);
      expect(toolsetUsers(toolset)).toBe(0);
      // A later run sets it up again.
      await runner.run(agent, 'three');
      expect(toolset.log.filter((e) => e !== 'tools')).toEqual(['setup', 'close', 'setup', 'close']);
    });

    it('a failing setup fails the run before the model is asked, and the next run tries again', async () => {
      let attempts = 0;
      const toolset: Toolset = {
        name: 'flaky',
        tools: () => [bareTool('t', () => 'ok')],
        setup: () => {
          if (++attempts === 1) throw new Error('connection refused');
        },
      };
      const model = new ScriptedModel([{ text: 'ok' }]);
      const runner = new Runner({ model });
      await expect(runner.run(new Agent({ name: 'a', tools: [toolset] }), 'go')).rejects.toThrow('connection refused');
      expect(model.requests).toHaveLength(0);
      await expect(runner.run(new Agent({ name: 'a', tools: [toolset] }), 'go')).resolves.toMatchObject({ finalOutput: 'ok' });
      expect(attempts).toBe(2);
    });

    it('are not called for a toolset the run never reaches (the run failed before)', async () => {
      const toolset = new RecordingToolset('later', [bareTool('x', () => 'x')]);
      const agent = new Agent({ name: 'a', tools: [[bareTool('dup', () => 1), bareTool('dup', () => 2)], toolset] });
      await expect(new Runner({ model: new ScriptedModel([]) }).run(agent, 'go')).rejects.toThrow(/two tools named "dup"/);
      expect(toolset.log).toEqual([]);
    });
  });
});

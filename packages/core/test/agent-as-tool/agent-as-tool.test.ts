import { Agent, Runner, type RunEvent, type ToolOutputEvent, type ToolProgressEvent } from '@toolwright/core';
import { bareTool, outputsOf, textTool } from '../runner/helpers';
import { sharedModel } from './shared-model';

describe('Agents as tools', () => {
  describe('agent.asTool()', () => {
    it('is a tool named after the agent, taking one input string', () => {
      const tool = new Agent({ name: 'Research Assistant', handoffDescription: 'Finds facts.' }).asTool();
      expect(tool.name).toBe('research_assistant');
      expect(tool.description).toBe('Finds facts.');
      expect(tool.parameters).toMatchObject({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'] });
      const named = new Agent({ name: 'r' }).asTool({ name: 'research', description: 'Research a topic.' });
      expect([named.name, named.description]).toEqual(['research', 'Research a topic.']);
    });

    it('runs the nested agent with the same runner and model, on the input only (not the parent history)', async () => {
      const lookup = textTool('lookup', (_ctx, { value }) => `fact about ${value}`);
      const researcher = new Agent({ name: 'researcher', instructions: 'nested', tools: [lookup] });
      const writer = new Agent({ name: 'writer', instructions: 'parent', tools: [researcher.asTool()] });
      const model = sharedModel(
        [{ toolCalls: [{ name: 'researcher', arguments: { input: 'Oslo' }, callId: 'p1' }] }, { text: 'Oslo is nice.' }],
        [{ toolCalls: [{ name: 'lookup', arguments: { value: 'Oslo' } }] }, { text: 'Oslo has fjords.' }],
      );
      const result = await new Runner({ model }).run(writer, 'Write about Oslo');
      expect(result.finalOutput).toBe('Oslo is nice.');
      expect(outputsOf(result.history)['p1']).toBe('Oslo has fjords.');
      const nestedFirst = model.requests.find((r) => r.instructions === 'nested')!;
      expect(nestedFirst.input).toEqual([{ type: 'message', role: 'user', content: 'Oslo' }]);
      expect(nestedFirst.tools.map((t) => t.name)).toEqual(['lookup']);
      expect(result.lastAgent).toBe(writer);
    });

    it('passes the run context to the nested run', async () => {
      const seen: unknown[] = [];
      const inner = new Agent<{ user: string }>({ name: 'inner', instructions: (ctx) => (seen.push(ctx.context), 'nested') });
      const outer = new Agent<{ user: string }>({ name: 'outer', instructions: 'parent', tools: [inner.asTool()] });
      const model = sharedModel([{ toolCalls: [{ name: 'inner', arguments: { input: 'x' } }] }, { text: 'ok' }], [{ text: 'inner ok' }]);
      await new Runner({ model }).run(outer, 'go', { context: { user: 'Ada' } });
      expect(seen).toEqual([{ user: 'Ada' }]);
    });

    it('adds the nested usage to the parent total and reports it in the call result', async () => {
      const inner = new Agent({ name: 'inner', instructions: 'nested' });
      const outer = new Agent({ name: 'outer', instructions: 'parent', tools: [inner.asTool()] });
      const model = sharedModel(
        [{ toolCalls: [{ name: 'inner', arguments: { input: 'x' } }], usage: { inputTokens: 10, outputTokens: 1 } }, { text: 'ok', usage: { inputTokens: 20, outputTokens: 2 } }],
        [{ text: 'inner ok', usage: { inputTokens: 100, outputTokens: 50 } }],
      );
      const outputs: ToolOutputEvent[] = [];
      const stream = new Runner({ model }).stream(outer, 'go');
      for await (const event of stream) if (event.type === 'tool_output') outputs.push(event);
      const result = await stream.result;
      expect(outputs[0]!.result.usage).toMatchObject({ requests: 1, inputTokens: 100, outputTokens: 50, totalTokens: 150 });
      expect(result.toolUsage).toMatchObject({ requests: 1, inputTokens: 100, outputTokens: 50 });
      expect(result.modelUsage).toMatchObject({ requests: 2, inputTokens: 30, outputTokens: 3 });
      expect(result.usage).toMatchObject({ requests: 3, inputTokens: 130, outputTokens: 53, totalTokens: 183 });
    });

    it('streams the nested run as tool_progress of the parent call, carrying the nested events', async () => {
      const inner = new Agent({ name: 'inner', instructions: 'nested', tools: [bareTool('step', () => 'stepped')] });
      const outer = new Agent({ name: 'outer', instructions: 'parent', tools: [inner.asTool()] });
      const model = sharedModel(
        [{ toolCalls: [{ name: 'inner', arguments: { input: 'x' }, callId: 'p1' }] }, { text: 'all done' }],
        [{ toolCalls: [{ name: 'step', callId: 'n1' }] }, { text: 'inner finished' }],
      );
      const events: RunEvent[] = [];
      for await (const event of new Runner({ model }).stream(outer, 'go')) events.push(event);
      const progress = events.filter((e): e is ToolProgressEvent => e.type === 'tool_progress');
      expect(progress.every((e) => e.callId === 'p1' && e.toolName === 'inner' && e.agent === outer)).toBe(true);
      expect(progress.map((e) => e.event!.type)).toEqual(['tool_called', 'tool_output', 'model_delta', 'model_delta', 'message']);
      expect(progress.every((e) => e.event!.type !== 'run_completed' && (e.event as { agent?: Agent }).agent === inner)).toBe(true);
      expect(progress.map((e) => e.result.text)).toEqual(['inner → step({})', 'inner ← step: stepped', 'inner ', 'finished', 'inner finished']);
      // Progress comes between the parent's tool_called and tool_output of that call.
      const kinds = events.map((e) => e.type);
      expect(kinds.indexOf('tool_called')).toBeLessThan(kinds.indexOf('tool_progress'));
      expect(kinds.lastIndexOf('tool_progress')).toBeLessThan(kinds.indexOf('tool_output'));
    });

    it('uses outputExtractor for the output, and custom parameters arrive as JSON input', async () => {
      const inner = new Agent({ name: 'inner', instructions: 'nested' });
      const tool = inner.asTool({
        name: 'translate',
        parameters: { type: 'object', properties: { text: { type: 'string' }, to: { type: 'string', enum: ['fr', 'de'] } }, required: ['text', 'to'] },
        outputExtractor: (r) => `[${r.turns} turn] ${r.finalOutput}`,
      });
      const outer = new Agent({ name: 'outer', instructions: 'parent', tools: [tool] });
      const model = sharedModel(
        [{ toolCalls: [{ name: 'translate', arguments: { text: 'hello', to: 'fr' }, callId: 't' }] }, { text: 'ok' }],
        [{ text: 'bonjour' }],
      );
      const result = await new Runner({ model }).run(outer, 'go');
      expect(outputsOf(result.history)['t']).toBe('[1 turn] bonjour');
      expect(model.requests.find((r) => r.instructions === 'nested')!.input).toEqual([{ type: 'message', role: 'user', content: '{"text":"hello","to":"fr"}' }]);
    });

    it('feeds a nested failure back to the parent model like any tool error', async () => {
      const inner = new Agent({ name: 'inner', instructions: 'nested', tools: [bareTool('loop', () => 'again')] });
      const outer = new Agent({ name: 'outer', instructions: 'parent', tools: [inner.asTool({ maxTurns: 2 })] });
      const model = sharedModel(
        [{ toolCalls: [{ name: 'inner', arguments: { input: 'x' }, callId: 'p' }] }, { text: 'gave up' }],
        [{ toolCalls: [{ name: 'loop' }] }, { toolCalls: [{ name: 'loop' }] }],
      );
      const result = await new Runner({ model }).run(outer, 'go');
      expect(result.finalOutput).toBe('gave up');
      expect(outputsOf(result.history)['p']).toMatch(/An error occurred while running the tool "inner".*2/);
    });

    it('fails clearly when invoked outside a Runner', async () => {
      const tool = new Agent({ name: 'inner' }).asTool();
      await expect(Promise.resolve().then(() => tool.invoke({} as never, { input: 'x' }))).rejects.toThrow(/must be called by a Runner/);
    });
  });
});

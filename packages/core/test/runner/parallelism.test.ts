import { Agent, Runner, ScriptedModel } from '@toolwright/core';
import { outputsOf, sleep, textTool } from './helpers';

function tracker() {
  let running = 0;
  let max = 0;
  const starts: Array<{ value: string; at: number }> = [];
  const tool = textTool('work', async (_ctx, { value }) => {
    starts.push({ value, at: Date.now() });
    running++;
    max = Math.max(max, running);
    await sleep(Number(value.split(':')[1] ?? 30));
    running--;
    if (value.startsWith('fail')) throw new Error(`${value} broke`);
    return `done ${value}`;
  });
  return { tool, starts, get max() { return max; } };
}

const calls = (values: string[]) => values.map((value, i) => ({ name: 'work', arguments: { value }, callId: `c${i}` }));

describe('Runner', () => {
  describe('with several calls in one response', () => {
    it('runs them concurrently and keeps call order in the outputs', async () => {
      const t = tracker();
      const model = new ScriptedModel([{ toolCalls: calls(['a:60', 'b:10', 'c:30']) }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'x', tools: [t.tool] }), 'go');
      expect(t.max).toBe(3);
      const outputs = result.history.filter((i) => i.type === 'function_call_output').map((i) => (i as { output: string }).output);
      expect(outputs).toEqual(['done a:60', 'done b:10', 'done c:30']);
    });

    it('never runs more than maxToolConcurrency at once', async () => {
      const t = tracker();
      const values = Array.from({ length: 9 }, (_, i) => `v${i}:15`);
      const model = new ScriptedModel([{ toolCalls: calls(values) }, { text: 'ok' }]);
      const result = await new Runner({ model, maxToolConcurrency: 3 }).run(new Agent({ name: 'x', tools: [t.tool] }), 'go');
      expect(t.max).toBe(3);
      expect(Object.keys(outputsOf(result.history))).toHaveLength(9);
      const second = await new Runner({ model: new ScriptedModel([{ toolCalls: calls(values) }, { text: 'ok' }]), maxToolConcurrency: 3 })
        .run(new Agent({ name: 'x', tools: [tracker().tool] }), 'go', { maxToolConcurrency: 2 });
      expect(second.status).toBe('completed');
    });

    it('lets run options lower the limit', async () => {
      const t = tracker();
      const model = new ScriptedModel([{ toolCalls: calls(['a:20', 'b:20', 'c:20', 'd:20']) }, { text: 'ok' }]);
      await new Runner({ model, maxToolConcurrency: 4 }).run(new Agent({ name: 'x', tools: [t.tool] }), 'go', { maxToolConcurrency: 2 });
      expect(t.max).toBe(2);
    });

    it('does not let one failing call stop its siblings', async () => {
      const t = tracker();
      const model = new ScriptedModel([{ toolCalls: calls(['fail:5', 'b:30']) }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'x', tools: [t.tool] }), 'go');
      const outputs = outputsOf(result.history);
      expect(outputs.c0).toMatch(/Error: fail:5 broke/);
      expect(outputs.c1).toBe('done b:30');
    });

    it('with parallelToolCalls: false runs them one after another and tells the model', async () => {
      const t = tracker();
      const model = new ScriptedModel([{ toolCalls: calls(['a:30', 'b:30', 'c:30']) }, { text: 'ok' }]);
      const agent = new Agent({ name: 'x', tools: [t.tool], modelSettings: { parallelToolCalls: false } });
      await new Runner({ model }).run(agent, 'go');
      expect(t.max).toBe(1);
      expect(t.starts.map((s) => s.value)).toEqual(['a:30', 'b:30', 'c:30']);
      expect(t.starts[1]!.at - t.starts[0]!.at).toBeGreaterThanOrEqual(25);
      expect(model.requests[0]!.parallelToolCalls).toBe(false);
    });

    it('with parallelToolCalls: false in the run options runs sequentially too', async () => {
      const t = tracker();
      const model = new ScriptedModel([{ toolCalls: calls(['a:10', 'b:10']) }, { text: 'ok' }]);
      await new Runner({ model }).run(new Agent({ name: 'x', tools: [t.tool] }), 'go', { parallelToolCalls: false });
      expect(t.max).toBe(1);
      expect(model.requests[0]!.parallelToolCalls).toBe(false);
    });
  });
});

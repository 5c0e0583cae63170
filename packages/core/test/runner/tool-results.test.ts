import { Agent, Content, Runner, ScriptedModel, ToolCallError, ToolResult, type RunResult } from '@toolwright/core';
import { bareTool, outputsOf } from './helpers';

describe('Runner', () => {
  describe('ToolResult.terminate', () => {
    it('ends the run when every call of the batch asks, with the last call output as final output', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'first' }, { name: 'second' }] }, { text: 'never' }]);
      const first = bareTool('first', () => ToolResult.text('one').asTerminal());
      const second = bareTool('second', () => ToolResult.text('two').asTerminal());
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [first, second] }), 'go');
      expect(result.finalOutput).toBe('two');
      expect(result.status).toBe('completed');
      expect(model.requests).toHaveLength(1);
    });

    it('does not end the run when only some calls ask', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'first' }, { name: 'plain' }] }, { text: 'model answered' }]);
      const first = bareTool('first', () => ToolResult.text('one').asTerminal());
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [first, bareTool('plain', () => 'p')] }), 'go');
      expect(result.finalOutput).toBe('model answered');
    });
  });

  describe('ToolResult.details', () => {
    it('never sends details to the model', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'rich', callId: 'c1' }] }, { text: 'ok' }]);
      const rich = bareTool('rich', () => ToolResult.text('3 rows').withDetails({ rows: [1, 2, 3] }).withDisplay('table'));
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [rich] }), 'go');
      expect(outputsOf(result.history).c1).toBe('3 rows');
      expect(JSON.stringify(model.requests[1]!.input)).not.toContain('rows":');
    });

    it('fails the run naming the call when details do not survive a JSON round-trip', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'bad', callId: 'c9' }] }, { text: 'never' }]);
      const bad = bareTool('bad', () => ToolResult.text('x').withDetails({ when: new Date(0) }));
      const error = (await new Runner({ model }).run(new Agent({ name: 'a', tools: [bad] }), 'go').catch((e: unknown) => e)) as ToolCallError;
      expect(error).toBeInstanceOf(ToolCallError);
      expect(error.callId).toBe('c9');
      expect(error.message).toMatch(/Tool "bad" \(call c9\) returned details that do not survive a JSON round-trip: details\.when is an instance of Date/);
      expect((error.result as RunResult).status).toBe('failed');
    });
  });

  describe('isError', () => {
    it('sends the content to the model and counts the call as failed', async () => {
      const model = new ScriptedModel((_r, turn) => (turn < 3 ? { toolCalls: [{ name: 'soft', callId: `c${turn}` }] } : { text: 'end' }));
      const soft = bareTool('soft', () => ToolResult.error('no such record'));
      const error = (await new Runner({ model }).run(new Agent({ name: 'a', tools: [soft] }), 'go').catch((e: unknown) => e)) as Error & { result: RunResult };
      expect(error.message).toMatch(/Every tool call failed in 3 consecutive turns/);
      expect(outputsOf(error.result.history).c0).toBe('no such record');
    });
  });

  describe('wrapping what a tool returns', () => {
    it.each([
      ['a string', 'plain text', 'plain text'],
      ['a number', 42, '42'],
      ['an object', { temp: 21, unit: 'C' }, '{"temp":21,"unit":"C"}'],
      ['undefined', undefined, ''],
      ['null', null, ''],
      ['one text part', Content.text('part'), 'part'],
      ['an image part', Content.image({ url: 'https://x/y.png' }), [{ type: 'input_image', imageUrl: 'https://x/y.png' }]],
      ['several parts', [Content.text('see:'), Content.image({ fileId: 'f1' })], [{ type: 'input_text', text: 'see:' }, { type: 'input_image', fileId: 'f1' }]],
      ['a ToolResult', ToolResult.text('as is'), 'as is'],
    ])('wraps %s', async (_label, value, expected) => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'value', callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [bareTool('value', async () => value)] }), 'go');
      expect(outputsOf(result.history).c1).toEqual(expected);
    });
  });
});

import { Agent, Runner, ScriptedModel, ToolArgumentsError, ToolResult, handoff, type RunEvent } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

const reasonSchema = { type: 'object', properties: { reason: { type: 'string' }, priority: { type: 'integer' } }, required: ['reason'] };

describe('Handoffs with input', () => {
  describe('Z-102: a handoff can take a typed input', () => {
    function setup(argumentsText: string) {
      const onHandoff = jest.fn();
      const seen: unknown[] = [];
      const billing = new Agent({ name: 'billing' });
      const triage = new Agent({ name: 'triage', handoffs: [handoff(billing, { inputSchema: reasonSchema, onHandoff })] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing', arguments: argumentsText, callId: 'h1' }] }, { text: 'billing here' }]);
      const runner = new Runner({ model, hooks: { onHandoff: ({ input }) => void seen.push(input) } });
      return { run: () => runner.run(triage, 'refund please'), onHandoff, seen, model, billing };
    }

    it('offers the schema, validates the input and hands it to onHandoff and the hooks', async () => {
      const s = setup('{"reason":"refund","priority":null}');
      const result = await s.run();
      expect(s.model.requests[0]!.tools[0]!.parameters).toMatchObject({ required: ['reason', 'priority'], additionalProperties: false });
      expect(result.lastAgent).toBe(s.billing);
      expect(s.onHandoff).toHaveBeenCalledWith(expect.objectContaining({ context: undefined }), { reason: 'refund' });
      expect(s.seen).toEqual([{ reason: 'refund' }]);
    });

    it('fails the run (not fed back) when the input does not match', async () => {
      const s = setup('{"reason":42,"priority":null}');
      await expect(s.run()).rejects.toBeInstanceOf(ToolArgumentsError);
      expect(s.model.requests).toHaveLength(1);
      expect(s.onHandoff).not.toHaveBeenCalled();
    });

    it.each(['', 'null', '  null '])('reads %j as {} and refuses it when the schema has required keys', async (text) => {
      const s = setup(text);
      await expect(s.run()).rejects.toThrow('Handoff function expected non-null input, but got None');
    });

    it('accepts "" as {} when the schema requires nothing', async () => {
      const billing = new Agent({ name: 'billing' });
      const onHandoff = jest.fn();
      const triage = new Agent({ name: 'triage', handoffs: [handoff(billing, { inputSchema: { type: 'object', properties: { note: { type: 'string' } } }, onHandoff })] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing', arguments: '' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(triage, 'go');
      expect(result.lastAgent).toBe(billing);
      expect(onHandoff).toHaveBeenCalledWith(expect.anything(), {});
    });

    it('skips validation for a handoff without a schema', async () => {
      const billing = new Agent({ name: 'billing' });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing', arguments: '{"unexpected":true}' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'triage', handoffs: [billing] }), 'go');
      expect(result.lastAgent).toBe(billing);
    });
  });

  describe('L-27: a tool can return ToolResult.handoff(agent, output)', () => {
    it('makes the output the call\'s output and switches the agent', async () => {
      const billing = new Agent({ name: 'billing' });
      const escalate = textTool('escalate', (_ctx, { value }) => ToolResult.handoff(billing, `escalated ${value}`));
      const model = new ScriptedModel([{ toolCalls: [{ name: 'escalate', arguments: { value: 'order 7' }, callId: 'e1' }] }, { text: 'billing: on it' }]);
      const events: RunEvent[] = [];
      const triage = new Agent({ name: 'triage', tools: [escalate] });
      const stream = new Runner({ model }).stream(triage, 'go');
      for await (const e of stream) events.push(e);
      const result = await stream.result;
      expect(outputsOf(result.history).e1).toBe('escalated order 7');
      expect(result.lastAgent).toBe(billing);
      expect(result.finalOutput).toBe('billing: on it');
      expect(events.find((e) => e.type === 'agent_changed')).toMatchObject({ from: triage, to: billing });
    });

    it('lets the first handoff of a batch win, and not a failed call', async () => {
      const a = new Agent({ name: 'agent_a' });
      const b = new Agent({ name: 'agent_b' });
      const tools = [textTool('to_a', () => ToolResult.handoff(a, 'to a')), textTool('to_b', () => ToolResult.handoff(b, 'to b')), textTool('fail', () => ToolResult.handoff(a).asError())];
      const calls = [{ name: 'fail', arguments: { value: '' } }, { name: 'to_b', arguments: { value: '' } }, { name: 'to_a', arguments: { value: '' } }];
      const result = await new Runner({ model: new ScriptedModel([{ toolCalls: calls }, { text: 'ok' }]) }).run(new Agent({ name: 'start', tools }), 'go');
      expect(result.lastAgent).toBe(b);
    });
  });
});

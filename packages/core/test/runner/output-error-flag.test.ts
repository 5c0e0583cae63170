import {
  Agent, GuardrailOutcome, RunState, Runner, ScriptedModel, ToolResult, defineTool, defineToolInputGuardrail, requireApprovalFor,
  type FunctionCallOutputItem, type Item,
} from '@toolwright/core';

const text = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
const echo = defineTool({ name: 'echo', description: 'Echo.', parameters: text, invoke: (_ctx, args: { text: string }) => args.text });
const broken = defineTool({ name: 'broken', description: 'Fails.', parameters: text, invoke: () => { throw new Error('boom'); } });
const refusing = defineTool({ name: 'refusing', description: 'Answers an error.', parameters: text, invoke: () => ToolResult.error('no such file') });
const guarded = defineTool({
  name: 'guarded',
  description: 'Guarded.',
  parameters: text,
  inputGuardrails: [defineToolInputGuardrail({ name: 'no', check: () => GuardrailOutcome.reject('not allowed') })],
  invoke: () => 'ran',
});

function outputs(items: Item[]): Record<string, FunctionCallOutputItem> {
  const out: Record<string, FunctionCallOutputItem> = {};
  for (const item of items) if (item.type === 'function_call_output') out[item.callId] = item;
  return out;
}

describe('Runner', () => {
  describe('when it records a call output', () => {
    it('marks isError exactly on calls that did not do what was asked', async () => {
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: 'echo', arguments: { text: 'hi' }, callId: 'ok' },
            { name: 'broken', arguments: { text: 'x' }, callId: 'threw' },
            { name: 'refusing', arguments: { text: 'x' }, callId: 'error_result' },
            { name: 'echo', arguments: { nope: 1 }, callId: 'bad_args' },
            { name: 'missing', arguments: {}, callId: 'unknown' },
            { name: 'guarded', arguments: { text: 'x' }, callId: 'guardrail' },
            { name: 'echo', arguments: { text: 'again' }, callId: 'ok' },
          ],
        },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo, broken, refusing, guarded] }), 'go');
      const byId = outputs(result.history);
      expect(byId.ok).toEqual({ type: 'function_call_output', callId: 'ok', output: 'hi' });
      for (const id of ['threw', 'error_result', 'bad_args', 'unknown', 'guardrail', 'ok#2']) expect([id, byId[id]?.isError]).toEqual([id, true]);
    });

    it('marks a rejected call, and keeps the mark across a RunState JSON round trip', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' }, callId: 'c1' }] }, { text: 'done' }]);
      const runner = new Runner({ model, approvalPolicies: [requireApprovalFor('echo')] });
      const agent = new Agent({ name: 'a', tools: [echo] });
      const paused = await runner.run(agent, 'go');
      const state = RunState.fromString(agent, paused.state.toString());
      state.reject('c1', { message: 'No.' });
      const resumed = await runner.run(agent, state);
      expect(outputs(resumed.history).c1).toEqual({ type: 'function_call_output', callId: 'c1', output: 'No.', isError: true });
      const again = RunState.fromString(agent, resumed.state.toString());
      expect(outputs(again.history).c1?.isError).toBe(true);
    });

    it("keeps the mark of an output given while the batch waits for approval (the state's pending outputs)", async () => {
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'guarded', arguments: { text: 'x' }, callId: 'refused' }, { name: 'echo', arguments: { text: 'hi' }, callId: 'asks' }] },
        { text: 'done' },
      ]);
      const runner = new Runner({ model, guardrailsBeforeApproval: true, approvalPolicies: [requireApprovalFor('*')] });
      const agent = new Agent({ name: 'a', tools: [echo, guarded] });
      const paused = await runner.run(agent, 'go');
      expect(paused.interruptions.map((i) => i.callId)).toEqual(['asks']);
      const state = RunState.fromString(agent, paused.state.toString());
      state.approve('asks');
      const byId = outputs((await runner.run(agent, state)).history);
      expect(byId.refused).toEqual({ type: 'function_call_output', callId: 'refused', output: 'not allowed', isError: true });
      expect(byId.asks).toEqual({ type: 'function_call_output', callId: 'asks', output: 'hi' });
    });
  });
});

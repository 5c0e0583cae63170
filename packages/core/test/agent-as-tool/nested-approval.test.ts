import { Agent, RunState, Runner, type RunEvent } from '@toolwright/core';
import { bareTool, outputsOf, textTool } from '../runner/helpers';
import { sharedModel } from './shared-model';

/** A parent agent whose `payments` tool runs a nested agent with a tool that needs approval. */
function setup() {
  const refunds: string[] = [];
  let lookups = 0;
  const refund = textTool('refund', (_ctx, { value }) => (refunds.push(value), `refunded ${value}`), { needsApproval: true });
  const payments = new Agent({ name: 'payments', instructions: 'nested', tools: [refund] });
  const lookup = bareTool('lookup_order', () => (lookups++, 'order 42: 30 EUR'));
  const support = new Agent({ name: 'support', instructions: 'parent', tools: [payments.asTool(), lookup] });
  const model = sharedModel(
    [
      { toolCalls: [{ name: 'payments', arguments: { input: 'refund order 42' }, callId: 'p1' }, { name: 'lookup_order', callId: 'l1' }], usage: { inputTokens: 10 } },
      { text: 'Refund handled.', usage: { inputTokens: 20 } },
    ],
    [
      { toolCalls: [{ name: 'refund', arguments: { value: '42' }, callId: 'n1' }], usage: { inputTokens: 100 } },
      (request) => ({ text: `nested saw: ${String((request.input.at(-1) as { output?: unknown }).output)}`, usage: { inputTokens: 200 } }),
    ],
  );
  return { refunds, lookups: () => lookups, support, payments, model };
}

describe('Agents as tools', () => {
  describe('when a tool inside the nested agent needs approval', () => {
    it('pauses the parent run; the interruption names the nested call and its parent call', async () => {
      const { support, payments, model, refunds, lookups } = setup();
      const result = await new Runner({ model }).run(support, 'refund my order');
      expect(result.status).toBe('interrupted');
      expect(result.interruptions).toEqual([{ callId: 'n1', toolName: 'refund', arguments: { value: '42' }, agent: payments, parentCallId: 'p1' }]);
      expect(refunds).toEqual([]);
      expect(lookups()).toBe(1);
      expect(result.state.pendingBatch?.nested?.has('p1')).toBe(true);
    });

    it('resumes the nested run where it stopped after approval, across a toString → fromString round-trip', async () => {
      const { support, model, refunds, lookups } = setup();
      const runner = new Runner({ model });
      const paused = await runner.run(support, 'refund my order');
      const json = paused.state.toString();
      const restored = RunState.fromString(support, json);
      expect(restored.interruptions.map((r) => [r.callId, r.parentCallId, r.agent.name])).toEqual([['n1', 'p1', 'payments']]);
      restored.approve('n1');
      const done = await runner.run(support, restored);
      expect(done.status).toBe('completed');
      expect(done.finalOutput).toBe('Refund handled.');
      expect(refunds).toEqual(['42']);
      // The sibling ran once, before the pause; the nested model was asked twice in total (not restarted).
      expect(lookups()).toBe(1);
      expect(model.requests.filter((r) => r.instructions === 'nested')).toHaveLength(2);
      const outputs = outputsOf(done.history);
      expect(outputs['p1']).toBe('nested saw: refunded 42');
      expect(outputs['l1']).toBe('order 42: 30 EUR');
      // Every parent call is answered once, in call order.
      expect(done.history.filter((i) => i.type === 'function_call_output').map((i) => (i as { callId: string }).callId)).toEqual(['p1', 'l1']);
      // Usage: parent turns 10 + 20, nested 100 + 200 (carried in the nested state across the pause).
      expect(done.usage.inputTokens).toBe(330);
      expect(done.toolUsage.inputTokens).toBe(300);
    });

    it('feeds a rejection to the nested model, which then answers the parent', async () => {
      const { support, model, refunds } = setup();
      const runner = new Runner({ model });
      const paused = await runner.run(support, 'refund my order');
      const restored = RunState.fromString(support, paused.state.toString());
      restored.reject('n1', { message: 'Refunds need a manager.' });
      const done = await runner.run(support, restored);
      expect(refunds).toEqual([]);
      expect(outputsOf(done.history)['p1']).toBe('nested saw: Refunds need a manager.');
    });

    it('streams approval_required on the parent, and the nested events as progress after resuming', async () => {
      const { support, model } = setup();
      const runner = new Runner({ model });
      const first: RunEvent[] = [];
      const stream = runner.stream(support, 'refund my order');
      for await (const event of stream) first.push(event);
      const paused = await stream.result;
      expect(first.filter((e) => e.type === 'approval_required')).toHaveLength(1);
      paused.state.approve('n1');
      const second: RunEvent[] = [];
      for await (const event of runner.stream(support, paused.state)) second.push(event);
      const nestedOutputs = second.filter((e) => e.type === 'tool_progress' && e.event?.type === 'tool_output');
      expect(nestedOutputs.map((e) => e.type === 'tool_progress' && e.result.text)).toEqual(['payments ← refund: refunded 42']);
      expect(second.at(-1)!.type).toBe('run_completed');
    });
  });
});

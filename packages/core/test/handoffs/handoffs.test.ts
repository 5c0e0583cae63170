import { Agent, RunState, Runner, ScriptedModel, UserError, handoff, type Item, type RunEvent } from '@toolwright/core';
import { bareTool, outputsOf } from '../runner/helpers';

const offered = (model: ScriptedModel, i: number) => model.requests[i]!.tools.map((t) => t.name);

describe('Handoffs', () => {
  describe('handoff(agent)', () => {
    it('is offered as a transfer_to_<snake_case name> tool with no parameters', async () => {
      const billing = new Agent({ name: 'Billing Agent', handoffDescription: 'Answers questions about invoices.' });
      const model = new ScriptedModel([{ text: 'hi' }]);
      await new Runner({ model }).run(new Agent({ name: 'triage', handoffs: [billing] }), 'go');
      expect(model.requests[0]!.tools).toEqual([
        {
          name: 'transfer_to_billing_agent',
          description: 'Hand the conversation over to the agent "Billing Agent". Answers questions about invoices.',
          parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
          strict: true,
        },
      ]);
    });

    it('takes toolName, description and isEnabled options', async () => {
      const billing = new Agent({ name: 'billing' });
      let open = false;
      const triage = new Agent({
        name: 'triage',
        handoffs: [handoff(billing, { toolName: 'escalate', description: 'Escalate to billing.', isEnabled: () => open })],
      });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'escalate', callId: 'e' }] }, () => ((open = true), { text: 'later' })]);
      const result = await new Runner({ model }).run(triage, 'go');
      expect(offered(model, 0)).toEqual([]);
      expect(outputsOf(result.history)['e']).toMatch(/^Tool "escalate" not found/);
      expect(result.lastAgent).toBe(triage);
      const again = new ScriptedModel([{ text: 'x' }]);
      await new Runner({ model: again }).run(triage, 'go');
      expect(again.requests[0]!.tools).toMatchObject([{ name: 'escalate', description: 'Escalate to billing.' }]);
    });

    it('rejects a bad tool name and a handoffs entry that is not an agent', async () => {
      expect(() => handoff(new Agent({ name: 'x' }), { toolName: 'bad name!' })).toThrow(/Invalid tool name/);
      const broken = new Agent({ name: 'triage', handoffs: [{ name: 'fake' } as unknown as Agent] });
      await expect(new Runner({ model: new ScriptedModel([]) }).run(broken, 'go')).rejects.toThrow(UserError);
      await expect(new Runner({ model: new ScriptedModel([]) }).run(broken, 'go')).rejects.toThrow(/handoffs\[0\] is a plain object/);
    });
  });

  describe('when the model calls a handoff', () => {
    it('runs the next turn as the target agent: its instructions, tools and settings, on the same history', async () => {
      const refund = bareTool('refund', () => 'refunded');
      const billing = new Agent({ name: 'billing', instructions: 'You handle billing.', tools: [refund], modelSettings: { temperature: 0.1 } });
      const triage = new Agent({ name: 'triage', instructions: 'Route the user.', tools: [bareTool('faq', () => 'faq')], handoffs: [billing] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'transfer_to_billing', callId: 'h1' }] },
        { toolCalls: [{ name: 'refund', callId: 'r1' }] },
        { text: 'Your refund is on its way.' },
      ]);
      const result = await new Runner({ model }).run(triage, 'I want my money back');
      expect(result.finalOutput).toBe('Your refund is on its way.');
      expect(result.lastAgent).toBe(billing);
      expect(result.state.currentAgent).toBe(billing);
      expect(model.requests.map((r) => r.instructions)).toEqual(['Route the user.', 'You handle billing.', 'You handle billing.']);
      expect(offered(model, 0)).toEqual(['faq', 'transfer_to_billing']);
      expect(offered(model, 1)).toEqual(['refund']);
      expect(model.requests[1]!.settings).toMatchObject({ temperature: 0.1 });
      expect(model.requests[1]!.input.map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_output']);
      expect(JSON.parse(outputsOf(result.history)['h1'] as string)).toEqual({ assistant: 'billing', status: 'transferred' });
    });

    it('emits agent_changed after the batch, before the target agent is asked', async () => {
      const billing = new Agent({ name: 'billing' });
      const triage = new Agent({ name: 'triage', handoffs: [billing] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'hello from billing' }]);
      const events: RunEvent[] = [];
      for await (const event of new Runner({ model }).stream(triage, 'go')) events.push(event);
      const kinds = events.map((e) => (e.type === 'agent_changed' ? `agent_changed:${e.from.name}->${e.to.name}` : e.type));
      expect(kinds).toEqual(['tool_called', 'tool_output', 'agent_changed:triage->billing', 'model_delta', 'model_delta', 'model_delta', 'message', 'run_completed']);
      const message = events.find((e) => e.type === 'message')!;
      expect(message.type === 'message' && message.agent).toBe(billing);
      // The handoff is the triage agent's act; the run ends with billing.
      expect(events.map((e) => e.agent.name)).toEqual(['triage', 'triage', 'triage', 'billing', 'billing', 'billing', 'billing', 'billing']);
    });

    it('keeps counting turns against maxTurns across agents', async () => {
      const second = new Agent({ name: 'second', tools: [bareTool('work', () => 'ok')] });
      const first = new Agent({ name: 'first', handoffs: [second] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'transfer_to_second' }] },
        { toolCalls: [{ name: 'work' }] },
        { toolCalls: [{ name: 'work' }] },
        { text: 'never' },
      ]);
      await expect(new Runner({ model, maxTurns: 3 }).run(first, 'go')).rejects.toMatchObject({
        name: 'MaxTurnsExceededError',
        result: { turns: 3, lastAgent: second },
      });
      expect(model.requests).toHaveLength(3);
    });

    it('passes the history through inputFilter; the target sees only what the filter kept', async () => {
      const seen: Item[][] = [];
      const billing = new Agent({ name: 'billing' });
      const onlyMessages = (items: Item[]) => (seen.push(items), items.filter((i) => i.type === 'message'));
      const triage = new Agent({ name: 'triage', handoffs: [handoff(billing, { inputFilter: onlyMessages })] });
      const model = new ScriptedModel([
        { text: 'Let me transfer you.', toolCalls: [{ name: 'transfer_to_billing', callId: 'h' }] },
        { text: 'Billing here.' },
      ]);
      const history: Item[] = [
        { type: 'message', role: 'user', content: 'earlier question' },
        { type: 'message', role: 'assistant', content: 'earlier answer' },
        { type: 'message', role: 'user', content: 'refund please' },
      ];
      const result = await new Runner({ model }).run(triage, history);
      expect(seen[0]!.map((i) => i.type)).toEqual(['message', 'message', 'message', 'message', 'function_call', 'function_call_output']);
      expect(model.requests[1]!.input).toEqual([...history, { type: 'message', role: 'assistant', content: 'Let me transfer you.' }]);
      // The first request keeps what it was sent.
      expect(model.requests[0]!.input).toEqual(history);
      expect(result.history.map((i) => (i.type === 'message' ? i.content : i.type))).toEqual([
        'earlier question', 'earlier answer', 'refund please', 'Let me transfer you.', 'Billing here.',
      ]);
      expect(result.newItems).toEqual([
        { type: 'message', role: 'assistant', content: 'Let me transfer you.' },
        { type: 'message', role: 'assistant', content: 'Billing here.' },
      ]);
    });

    it('fails with a clear error when inputFilter does not return an array', async () => {
      const billing = new Agent({ name: 'billing' });
      const triage = new Agent({ name: 'triage', handoffs: [handoff(billing, { inputFilter: () => undefined as unknown as Item[] })] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'x' }]);
      await expect(new Runner({ model }).run(triage, 'go')).rejects.toThrow(/inputFilter of the handoff to agent "billing" returned undefined/);
    });

    it('wins over toolUseBehavior: the target agent still gets its turn', async () => {
      const billing = new Agent({ name: 'billing' });
      const triage = new Agent({ name: 'triage', handoffs: [billing], toolUseBehavior: 'stop_on_first_tool' });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'billing answers' }]);
      const result = await new Runner({ model }).run(triage, 'go');
      expect(result.finalOutput).toBe('billing answers');
      expect(result.lastAgent).toBe(billing);
    });

    it('can hand back and forth between agents', async () => {
      const a: Agent = new Agent({ name: 'a', handoffs: [] });
      const b = new Agent({ name: 'b', handoffs: [a] });
      const a2 = a.clone({ handoffs: [b] });
      const b2 = b.clone({ handoffs: [a2] });
      const start = a2.clone({ handoffs: [b2] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'transfer_to_b' }] },
        { toolCalls: [{ name: 'transfer_to_a' }] },
        { text: 'back at a' },
      ]);
      const result = await new Runner({ model }).run(start, 'go');
      expect(result.lastAgent).toBe(a2);
      expect(result.finalOutput).toBe('back at a');
    });
  });

  describe('across a pause', () => {
    it('resumes a serialised state with the target agent current', async () => {
      const refund = bareTool('refund', () => 'refunded', { needsApproval: true });
      const billing = new Agent({ name: 'billing', instructions: 'billing', tools: [refund] });
      const triage = new Agent({ name: 'triage', instructions: 'triage', handoffs: [handoff(billing)] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'transfer_to_billing' }] },
        { toolCalls: [{ name: 'refund', callId: 'r' }] },
        { text: 'done' },
      ]);
      const runner = new Runner({ model });
      const paused = await runner.run(triage, 'refund');
      expect(paused.status).toBe('interrupted');
      expect(paused.lastAgent).toBe(billing);
      const restored = RunState.fromString(triage, paused.state.toString());
      expect(restored.currentAgent).toBe(billing);
      restored.approve('r');
      const done = await runner.run(triage, restored);
      expect(done.lastAgent).toBe(billing);
      expect(model.requests.map((r) => r.instructions)).toEqual(['triage', 'billing', 'billing']);
      expect(outputsOf(done.history)['r']).toBe('refunded');
    });
  });

  describe('several handoffs in one response', () => {
    it('performs the first; every other handoff call is answered as ignored, and the other calls still run', async () => {
      const billing = new Agent({ name: 'billing' });
      const support = new Agent({ name: 'support' });
      let looked = 0;
      const triage = new Agent({ name: 'triage', tools: [bareTool('lookup', () => (looked++, 'found'))], handoffs: [support, billing] });
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: 'lookup', callId: 'l1' },
            { name: 'transfer_to_billing', callId: 'h1' },
            { name: 'transfer_to_support', callId: 'h2' },
            { name: 'transfer_to_billing', callId: 'h3' },
          ],
        },
        { text: 'billing here' },
      ]);
      const result = await new Runner({ model }).run(triage, 'go');
      expect(result.lastAgent).toBe(billing);
      expect(looked).toBe(1);
      const outputs = outputsOf(result.history);
      expect(outputs['l1']).toBe('found');
      expect(JSON.parse(outputs['h1'] as string)).toEqual({ assistant: 'billing', status: 'transferred' });
      expect(outputs['h2']).toMatch(/^Ignored: this response already hands the conversation to agent "billing" \(call h1\).*"support" did not happen/);
      expect(outputs['h3']).toMatch(/^Ignored: .*"billing" \(call h1\)/);
      // Every call of the batch has exactly one output, in call order.
      const batchOutputs = result.history.filter((i) => i.type === 'function_call_output').map((i) => (i as { callId: string }).callId);
      expect(batchOutputs).toEqual(['l1', 'h1', 'h2', 'h3']);
    });

    it('does not hand over when a guardrail refuses the handoff call', async () => {
      const { defineToolInputGuardrail, GuardrailOutcome } = await import('@toolwright/core');
      const billing = new Agent({ name: 'billing' });
      const triage = new Agent({ name: 'triage', handoffs: [billing] });
      const noTransfers = defineToolInputGuardrail({
        name: 'no-transfers',
        check: ({ tool }) => (tool.name.startsWith('transfer_to_') ? GuardrailOutcome.reject('Transfers are closed today.') : GuardrailOutcome.allow()),
      });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing', callId: 'h' }] }, { text: 'triage answers' }]);
      const result = await new Runner({ model, guardrails: [noTransfers] }).run(triage, 'go');
      expect(result.lastAgent).toBe(triage);
      expect(outputsOf(result.history)['h']).toBe('Transfers are closed today.');
    });
  });
});

import {
  Agent, GuardrailOutcome, GuardrailTripwireError, Runner, ScriptedModel, UserError, defineInputGuardrail, defineOutputGuardrail, type RunEvent,
} from '@toolwright/core';
import { textTool } from '../runner/helpers';

const blockWord = (word: string) =>
  defineInputGuardrail({
    name: `no-${word}`,
    check: ({ input }) => (JSON.stringify(input).includes(word) ? GuardrailOutcome.tripwire(`the input mentions ${word}`, { word }) : GuardrailOutcome.allow({ checked: word })),
  });

describe('Agent-level guardrails', () => {
  describe('M-34: input guardrails run on the run\'s input before the first model call', () => {
    it('a tripwire fails the run with GuardrailTripwireError before any model call or tool runs', async () => {
      const tool = jest.fn(() => 'ran');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'work', arguments: { value: 'x' } }] }, { text: 'ok' }]);
      const agent = new Agent({ name: 'a', tools: [textTool('work', tool)], inputGuardrails: [blockWord('password')] });
      const events: RunEvent[] = [];
      const stream = new Runner({ model }).stream(agent, 'my password is hunter2');
      const error = (await (async (): Promise<unknown> => {
        try {
          for await (const e of stream) events.push(e);
          return undefined;
        } catch (e) {
          return e;
        }
      })()) as GuardrailTripwireError;
      expect(error).toBeInstanceOf(GuardrailTripwireError);
      expect(error).toMatchObject({ guardrail: 'no-password', stage: 'input', reason: 'the input mentions password', info: { word: 'password' } });
      expect(error.message).toBe('Guardrail "no-password" tripped on the run\'s input: the input mentions password');
      expect(model.requests).toHaveLength(0);
      expect(tool).not.toHaveBeenCalled();
      expect(events).toEqual([{ type: 'guardrail_tripped', agent, guardrail: 'no-password', toolName: '', callId: '' }]);
      expect((error.result as { inputGuardrailResults: unknown[] }).inputGuardrailResults).toEqual([
        { guardrail: 'no-password', agent: 'a', tripped: true, message: 'the input mentions password', info: { word: 'password' } },
      ]);
    });

    it('records every result on the RunResult, the runner\'s guardrails first', async () => {
      const runner = new Runner({ model: new ScriptedModel([{ text: 'ok' }]), inputGuardrails: [blockWord('secret')] });
      const result = await runner.run(new Agent({ name: 'a', inputGuardrails: [blockWord('password')] }), 'hello');
      expect(result.inputGuardrailResults).toEqual([
        { guardrail: 'no-secret', agent: 'a', tripped: false, info: { checked: 'secret' } },
        { guardrail: 'no-password', agent: 'a', tripped: false, info: { checked: 'password' } },
      ]);
      expect(result.outputGuardrailResults).toEqual([]);
    });

    it('does not run again when a paused run is resumed', async () => {
      const check = jest.fn(() => GuardrailOutcome.allow());
      const agent = new Agent({ name: 'a', tools: [textTool('pay', () => 'paid', { needsApproval: true })], inputGuardrails: [defineInputGuardrail({ name: 'g', check })] });
      const runner = new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'pay', arguments: { value: '1' }, callId: 'p1' }] }, { text: 'ok' }]) });
      const paused = await runner.run(agent, 'pay');
      paused.state.approve('p1');
      const done = await runner.run(agent, paused.state);
      expect(done.finalOutput).toBe('ok');
      expect(check).toHaveBeenCalledTimes(1);
    });

    it('refuses reject() and fails naming a guardrail that throws', async () => {
      const rejecting = defineInputGuardrail({ name: 'r', check: () => GuardrailOutcome.reject('no') });
      await expect(new Runner({ model: new ScriptedModel([{ text: 'x' }]) }).run(new Agent({ name: 'a', inputGuardrails: [rejecting] }), 'go')).rejects.toThrow(UserError);
      const throwing = defineInputGuardrail({ name: 'boom', check: () => { throw new Error('down'); } });
      await expect(new Runner({ model: new ScriptedModel([{ text: 'x' }]) }).run(new Agent({ name: 'a', inputGuardrails: [throwing] }), 'go')).rejects.toThrow(/input guardrail "boom" of agent "a" threw: down/);
      expect(() => new Agent({ name: 'a', inputGuardrails: [{} as never] })).toThrow(/defineInputGuardrail/);
    });
  });

  describe('output guardrails run on the final output', () => {
    const noSorry = defineOutputGuardrail({ name: 'no-sorry', check: ({ output }) => (String(output).includes('sorry') ? GuardrailOutcome.tripwire('apologised') : GuardrailOutcome.allow()) });

    it('a tripwire fails the run; the error keeps the final output\'s items', async () => {
      const agent = new Agent({ name: 'a', outputGuardrails: [noSorry] });
      const error = (await new Runner({ model: new ScriptedModel([{ text: 'sorry, no' }]) }).run(agent, 'go').catch((e: unknown) => e)) as GuardrailTripwireError;
      expect(error).toMatchObject({ stage: 'output', guardrail: 'no-sorry', agentName: 'a' });
      expect(error.message).toBe('Guardrail "no-sorry" tripped on the final output of agent "a": apologised');
      expect((error.result as { history: Array<{ type: string }> }).history.at(-1)).toMatchObject({ type: 'message', role: 'assistant' });
    });

    it('M-34: is skipped when the final output is the empty string', async () => {
      const check = jest.fn(() => GuardrailOutcome.tripwire('x'));
      const agent = new Agent({ name: 'a', outputGuardrails: [defineOutputGuardrail({ name: 'g', check })] });
      const result = await new Runner({ model: new ScriptedModel([{ text: '' }]) }).run(agent, 'go');
      expect(result.status).toBe('completed');
      expect(check).not.toHaveBeenCalled();
    });

    it('checks the agent that produced the final output, after a handoff', async () => {
      const seen: string[] = [];
      const guard = defineOutputGuardrail({ name: 'g', check: ({ agent, output }) => (seen.push(`${agent.name}:${output}`), GuardrailOutcome.allow()) });
      const billing = new Agent({ name: 'billing', outputGuardrails: [guard] });
      const triage = new Agent({ name: 'triage', handoffs: [billing], outputGuardrails: [guard] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'refunded' }]);
      const result = await new Runner({ model }).run(triage, 'go');
      expect(seen).toEqual(['billing:refunded']);
      expect(result.outputGuardrailResults).toEqual([{ guardrail: 'g', agent: 'billing', tripped: false }]);
    });
  });
});

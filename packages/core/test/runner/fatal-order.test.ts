import {
  Agent, GuardrailOutcome, GuardrailTripwireError, Runner, ScriptedModel, ToolCallError, defineToolInputGuardrail, defineToolOutputGuardrail,
} from '@toolwright/core';
import { bareTool, sleep } from './helpers';

describe('Runner', () => {
  describe('when several calls of one batch fail fatally', () => {
    // Both calls trip their input guardrail: `first`'s trips late, `second`'s at once. The abort
    // of the siblings does not stop a guardrail already checking, so both fail fatally.
    const batch = (extra: Partial<ConstructorParameters<typeof Runner>[0]> = {}) => {
      const tripAfter = (ms: number) =>
        defineToolInputGuardrail({ name: `trip-after-${ms}`, check: async () => (await sleep(ms), GuardrailOutcome.tripwire(`tripped after ${ms} ms`)) });
      const first = bareTool('first', () => 'ran', { inputGuardrails: [tripAfter(60)] });
      const second = bareTool('second', () => 'ran', { inputGuardrails: [tripAfter(0)] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'first', callId: 'c1' }, { name: 'second', callId: 'c2' }] }, { text: 'unreachable' }]);
      return new Runner({ model, ...extra }).run(new Agent({ name: 'a', tools: [first, second] }), 'go');
    };

    it('fails the run with the error of the first call in call order, not the first in time', async () => {
      const error = await batch().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(GuardrailTripwireError);
      expect((error as GuardrailTripwireError).message).toMatch(/trip-after-60/);
      expect((error as GuardrailTripwireError).callId).toBe('c1');
    });

    it('does so with bounded concurrency too', async () => {
      const error = await batch({ maxToolConcurrency: 2 }).then(() => undefined, (e: unknown) => e);
      expect((error as GuardrailTripwireError).callId).toBe('c1');
    });

    it('starts no call after the fatal error when calls run one at a time', async () => {
      let ran = false;
      const fatal = bareTool('fatal', () => {
        throw new Error('broken');
      }, { failureError: null });
      const later = bareTool('later', () => (ran = true));
      const model = new ScriptedModel([{ toolCalls: [{ name: 'fatal', callId: 'c1' }, { name: 'later', callId: 'c2' }] }, { text: 'unreachable' }]);
      await expect(new Runner({ model, parallelToolCalls: false }).run(new Agent({ name: 'a', tools: [fatal, later] }), 'go')).rejects.toBeInstanceOf(ToolCallError);
      expect(ran).toBe(false);
    });

    it('does not count a sibling that ends because it was aborted by the fatal error', async () => {
      const fatal = bareTool('fatal', async () => {
        await sleep(5);
        return 'leaked';
      }, { outputGuardrails: [defineToolOutputGuardrail({ name: 'stop', check: () => GuardrailOutcome.tripwire('stop') })] });
      // Cancellable and failureError: null — the abort makes it fail with an error caused by the tripwire.
      const waiting = bareTool('waiting', (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))), { failureError: null });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'waiting', callId: 'c1' }, { name: 'fatal', callId: 'c2' }] }, { text: 'unreachable' }]);
      const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [waiting, fatal] }), 'go').then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(GuardrailTripwireError);
    });
  });
});

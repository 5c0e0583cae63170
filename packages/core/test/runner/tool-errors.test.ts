import {
  Agent, ConsecutiveToolFailuresError, Runner, ScriptedModel, ToolCallError, defaultToolErrorText, type RunResult,
} from '@toolwright/core';
import { outputsOf, textTool } from './helpers';

describe('Runner', () => {
  describe('when the model calls a tool that does not exist', () => {
    it('answers with an error naming the tool and the available ones, and the run continues', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'nope', arguments: {}, callId: 'c1' }] }, { text: 'sorry' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('echo', () => '')] }), 'go');
      expect(result.finalOutput).toBe('sorry');
      expect(outputsOf(result.history).c1).toBe('Tool "nope" not found. Available tools: echo. Call one of these instead.');
    });
  });

  describe('when the arguments cannot be used', () => {
    it.each([
      ['unparsable JSON', '{"value": '],
      ['a missing required field', '{}'],
      ['a wrong type', '{"value": 3}'],
    ])('answers %s with an error naming the problem; the method never runs', async (_label, raw) => {
      const invoke = jest.fn(() => 'ran');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: raw, callId: 'c1' }] }, { text: 'retrying later' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('echo', invoke)] }), 'go');
      expect(invoke).not.toHaveBeenCalled();
      expect(result.finalOutput).toBe('retrying later');
      expect(outputsOf(result.history).c1).toMatch(/Invalid arguments for tool "echo"/);
    });
  });

  describe('when every call fails turn after turn', () => {
    it('stops after 3 consecutive failed turns with a clear error and the partial result', async () => {
      const model = new ScriptedModel(() => ({ toolCalls: [{ name: 'missing' }, { name: 'echo', arguments: '{bad' }] }));
      const run = new Runner({ model, maxTurns: 10 }).run(new Agent({ name: 'a', tools: [textTool('echo', () => '')] }), 'go');
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConsecutiveToolFailuresError);
      expect((error as Error).message).toMatch(/Every tool call failed in 3 consecutive turns/);
      expect((error as Error).message).toMatch(/missing \(call call_5\), echo \(call call_6\)/);
      // The outputs stay out of the message (it is logged); code reads them from lastFailures.
      expect((error as Error).message).not.toMatch(/not found/);
      expect((error as ConsecutiveToolFailuresError).lastFailures[0]).toMatchObject({ toolName: 'missing', output: expect.stringMatching(/Tool "missing" not found/) });
      expect(model.requests).toHaveLength(3);
      expect(((error as ConsecutiveToolFailuresError).result as RunResult).status).toBe('failed');
    });

    it('resets the count when any call of a turn succeeds', async () => {
      let turn = 0;
      const model = new ScriptedModel(() => {
        turn++;
        if (turn === 6) return { text: 'made it' };
        return { toolCalls: turn % 3 === 0 ? [{ name: 'echo', arguments: { value: 'fine' } }, { name: 'missing' }] : [{ name: 'missing' }] };
      });
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('echo', () => 'ok')] }), 'go');
      expect(result.finalOutput).toBe('made it');
    });

    it('can be configured, and disabled with 0', async () => {
      const failing = () => new ScriptedModel((_r, turn) => (turn < 4 ? { toolCalls: [{ name: 'missing' }] } : { text: 'end' }));
      await expect(new Runner({ model: failing(), maxConsecutiveToolFailures: 2 }).run(new Agent({ name: 'a' }), 'go')).rejects.toThrow(/in 2 consecutive turns/);
      await expect(new Runner({ model: failing(), maxConsecutiveToolFailures: 0 }).run(new Agent({ name: 'a' }), 'go')).resolves.toMatchObject({ finalOutput: 'end' });
    });
  });

  describe('when a tool throws', () => {
    const boom = (fields = {}) => textTool('boom', () => {
      throw new Error('disk full');
    }, fields);

    it('feeds the default failure text back to the model and marks the output as an error', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', arguments: { value: 'x' }, callId: 'c1' }] }, { text: 'it failed' }]);
      const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [boom()] }), 'go');
      const outputs = [];
      for await (const event of stream) if (event.type === 'tool_output') outputs.push(event.result);
      const result = await stream.result;
      const text = 'An error occurred while running the tool "boom". Please try again. Error: disk full';
      expect(defaultToolErrorText('boom', new Error('disk full'))).toBe(text);
      expect(outputsOf(result.history).c1).toBe(text);
      expect(outputs[0]!.isError).toBe(true);
      expect(result.finalOutput).toBe('it failed');
    });

    it('uses a custom failureError text', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', arguments: { value: 'x' }, callId: 'c1' }] }, { text: 'ok' }]);
      const failureError = jest.fn((error: unknown, ctx: { toolName: string }) => `${ctx.toolName} is down (${(error as Error).message})`);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [boom({ failureError })] }), 'go');
      expect(outputsOf(result.history).c1).toBe('boom is down (disk full)');
    });

    it('with failureError: null fails the run with ToolCallError carrying tool, call id, cause and partial result', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', arguments: { value: 'x' }, callId: 'c1' }] }, { text: 'never' }]);
      const error = (await new Runner({ model }).run(new Agent({ name: 'a', tools: [boom({ failureError: null })] }), 'go').catch((e: unknown) => e)) as ToolCallError;
      expect(error).toBeInstanceOf(ToolCallError);
      expect(error.toolName).toBe('boom');
      expect(error.callId).toBe('c1');
      expect((error.cause as Error).message).toBe('disk full');
      expect(error.message).toMatch(/Tool "boom" \(call c1\) failed: disk full/);
      const partial = error.result as RunResult;
      expect(partial.status).toBe('failed');
      expect(partial.history.some((i) => i.type === 'function_call' && i.callId === 'c1')).toBe(true);
      expect(model.requests).toHaveLength(1);
    });

    it('fails the run when the custom failureError itself throws', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', arguments: { value: 'x' } }] }, { text: 'never' }]);
      const failureError = () => {
        throw new Error('formatter broke');
      };
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [boom({ failureError })] }), 'go')).rejects.toThrow(/failureError function of tool "boom" threw/);
    });
  });

  describe('when failureError is set on the tool, the agent or the Runner', () => {
    const boom = (fields = {}) => textTool('boom', () => {
      throw new Error('disk full');
    }, fields);
    const run = (tool: ReturnType<typeof boom>, agent: Partial<ConstructorParameters<typeof Agent>[0]>, runner: Partial<ConstructorParameters<typeof Runner>[0]>) => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', arguments: { value: 'x' }, callId: 'c1' }] }, { text: 'ok' }]);
      return new Runner({ model, ...runner }).run(new Agent({ name: 'a', tools: [tool], ...agent }), 'go');
    };
    const says = (who: string) => (error: unknown) => `${who}: ${(error as Error).message}`;

    it('takes the tool\'s first, then the agent\'s, then the Runner\'s', async () => {
      expect(outputsOf((await run(boom({ failureError: says('tool') }), { failureError: says('agent') }, { failureError: says('runner') })).history).c1).toBe('tool: disk full');
      expect(outputsOf((await run(boom(), { failureError: says('agent') }, { failureError: says('runner') })).history).c1).toBe('agent: disk full');
      expect(outputsOf((await run(boom(), {}, { failureError: says('runner') })).history).c1).toBe('runner: disk full');
    });

    it('ends the run on a Runner-wide null, naming the Runner as where it was set, with one full stop', async () => {
      const error = (await run(boom(), {}, { failureError: null }).catch((e: unknown) => e)) as ToolCallError;
      expect(error).toBeInstanceOf(ToolCallError);
      expect(error.message).toBe(
        'Tool "boom" (call c1) failed: disk full. The Runner ends the run on tool errors (its failureError: null); give it a failureError function, or leave it unset, to report errors to the model instead.',
      );
      const byAgent = (await run(boom(), { failureError: null }, { failureError: says('runner') }).catch((e: unknown) => e)) as ToolCallError;
      expect(byAgent.message).toMatch(/Agent "a" ends the run on tool errors/);
    });

    it('lets a tool\'s own function win over a Runner-wide null', async () => {
      expect(outputsOf((await run(boom({ failureError: says('tool') }), {}, { failureError: null })).history).c1).toBe('tool: disk full');
    });

    it('refuses a failureError that is neither a function nor null', () => {
      expect(() => new Runner({ failureError: 'oops' as never })).toThrow(/new Runner\(\{ failureError \}\): failureError must be a function/);
      expect(() => new Agent({ name: 'a', failureError: 42 as never })).toThrow(/Agent "a": failureError must be a function/);
    });
  });

  describe('when the model response was cut off', () => {
    it('runs none of its calls, asks the model to resend them, and continues', async () => {
      const invoke = jest.fn(() => 'ran');
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'echo', arguments: '{"value": "par', callId: 'c1' }], status: 'incomplete', incompleteReason: 'max_output_tokens' },
        { toolCalls: [{ name: 'echo', arguments: { value: 'full' }, callId: 'c2' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [textTool('echo', invoke)] }), 'go');
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(outputsOf(result.history).c1).toMatch(/cut off \(max_output_tokens\).*"echo" was not run\. Send the call again/);
      expect(outputsOf(result.history).c2).toBe('ran');
      expect(result.finalOutput).toBe('done');
    });
  });
});

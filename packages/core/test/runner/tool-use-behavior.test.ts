import {
  Agent, GuardrailOutcome, GuardrailTripwireError, MaxTurnsExceededError, Runner, ScriptedModel, ToolResult,
  defineToolInputGuardrail, defineToolOutputGuardrail, type RunResult, type ToolCallResult,
} from '@toolwright/core';
import { bareTool, outputsOf } from './helpers';

const twoCalls = () => new ScriptedModel([{ toolCalls: [{ name: 'lookup', callId: 'c1' }, { name: 'book', callId: 'c2' }] }, { text: 'model answer' }]);
const tools = [bareTool('lookup', () => 'found it'), bareTool('book', () => 'booked')];

describe('Runner', () => {
  describe('toolUseBehavior', () => {
    it("'run_llm_again' (default) asks the model again after the tools ran", async () => {
      const model = twoCalls();
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools }), 'go');
      expect(result.finalOutput).toBe('model answer');
      expect(model.requests).toHaveLength(2);
    });

    it("'stop_on_first_tool' ends with the first call's output", async () => {
      const model = twoCalls();
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools, toolUseBehavior: 'stop_on_first_tool' }), 'go');
      expect(result.finalOutput).toBe('found it');
      expect(model.requests).toHaveLength(1);
      expect(Object.keys(outputsOf(result.history))).toEqual(['c1', 'c2']);
    });

    it('{ stopAtToolNames } ends when one of the named tools was called', async () => {
      const stopping = await new Runner({ model: twoCalls() }).run(new Agent({ name: 'a', tools, toolUseBehavior: { stopAtToolNames: ['book'] } }), 'go');
      expect(stopping.finalOutput).toBe('booked');
      const going = await new Runner({ model: twoCalls() }).run(new Agent({ name: 'a', tools, toolUseBehavior: { stopAtToolNames: ['other'] } }), 'go');
      expect(going.finalOutput).toBe('model answer');
    });

    it('a function decides from the run context and the call results', async () => {
      const seen: ToolCallResult[][] = [];
      const agent = new Agent<{ stop: boolean }>({
        name: 'a',
        tools,
        toolUseBehavior: (ctx, results) => {
          seen.push(results);
          return ctx.context.stop ? { isFinalOutput: true, finalOutput: results.map((r) => r.result.text).join(' + ') } : { isFinalOutput: false };
        },
      });
      const stopped = await new Runner({ model: twoCalls() }).run(agent, 'go', { context: { stop: true } });
      expect(stopped.finalOutput).toBe('found it + booked');
      expect(seen[0]!.map((r) => [r.toolName, r.callId, r.arguments])).toEqual([['lookup', 'c1', {}], ['book', 'c2', {}]]);
      const continued = await new Runner({ model: twoCalls() }).run(agent, 'go', { context: { stop: false } });
      expect(continued.finalOutput).toBe('model answer');
    });
  });

  describe('maxTurns', () => {
    it('fails with MaxTurnsExceededError carrying the partial result', async () => {
      const model = new ScriptedModel(() => ({ toolCalls: [{ name: 'lookup' }], usage: { inputTokens: 1 } }));
      const error = (await new Runner({ model, maxTurns: 5 }).run(new Agent({ name: 'a', tools }), 'go', { maxTurns: 3 }).catch((e: unknown) => e)) as MaxTurnsExceededError;
      expect(error).toBeInstanceOf(MaxTurnsExceededError);
      expect(error.maxTurns).toBe(3);
      const partial = error.result as RunResult;
      expect(partial.turns).toBe(3);
      expect(partial.usage.inputTokens).toBe(3);
      expect(partial.newItems.filter((i) => i.type === 'function_call_output')).toHaveLength(3);
      expect(model.requests).toHaveLength(3);
    });

    it('defaults to 10', async () => {
      const model = new ScriptedModel(() => ({ toolCalls: [{ name: 'lookup' }] }));
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools }), 'go')).rejects.toThrow(/maxTurns \(10\)/);
    });
  });

  describe('usage', () => {
    it('sums model usage per run and counts ToolResult.usage separately and in the total', async () => {
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'nested' }], usage: { inputTokens: 10, outputTokens: 5 } },
        { text: 'done', usage: { inputTokens: 20, outputTokens: 7, cachedInputTokens: 4 } },
      ]);
      let seenTotal = -1;
      const nested = bareTool('nested', (ctx) => {
        seenTotal = ctx.usage.inputTokens;
        return ToolResult.text('sub-agent said hi').withUsage({ inputTokens: 100, outputTokens: 50, requests: 2 });
      });
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [nested] }), 'go');
      expect(result.modelUsage).toEqual({ requests: 2, inputTokens: 30, outputTokens: 12, totalTokens: 42, cachedInputTokens: 4, reasoningTokens: 0 });
      expect(result.toolUsage).toEqual({ requests: 2, inputTokens: 100, outputTokens: 50, totalTokens: 150, cachedInputTokens: 0, reasoningTokens: 0 });
      expect(result.usage).toEqual({ requests: 4, inputTokens: 130, outputTokens: 62, totalTokens: 192, cachedInputTokens: 4, reasoningTokens: 0 });
      expect(seenTotal).toBe(10);
    });
  });

  describe('guardrails and interceptors on the call path', () => {
    it('runs runner-level then tool-level input guardrails; reject replaces the output and the tool never runs', async () => {
      const order: string[] = [];
      const invoke = jest.fn(() => 'ran');
      const outer = defineToolInputGuardrail({ name: 'outer', check: () => (order.push('outer'), GuardrailOutcome.allow()) });
      const inner = defineToolInputGuardrail({ name: 'inner', check: ({ args }) => (order.push('inner'), args.value === 'no' ? GuardrailOutcome.reject('Refused: no.') : GuardrailOutcome.allow()) });
      const tool = { ...bareTool('guarded', invoke), parameters: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'], additionalProperties: false }, inputGuardrails: [inner] };
      const model = new ScriptedModel([{ toolCalls: [{ name: 'guarded', arguments: { value: 'no' }, callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model, guardrails: [outer] }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(order).toEqual(['outer', 'inner']);
      expect(invoke).not.toHaveBeenCalled();
      expect(outputsOf(result.history).c1).toBe('Refused: no.');
    });

    it('fails the run on a tripwire and emits guardrail_tripped first', async () => {
      const trip = defineToolOutputGuardrail({ name: 'no-secrets', check: ({ result }) => (result.text.includes('secret') ? GuardrailOutcome.tripwire('leak') : GuardrailOutcome.allow()) });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'leaky', callId: 'c1' }] }]);
      const stream = new Runner({ model, guardrails: [trip] }).stream(new Agent({ name: 'a', tools: [bareTool('leaky', () => 'the secret')] }), 'go');
      const types: string[] = [];
      await expect((async () => {
        for await (const event of stream) types.push(event.type);
      })()).rejects.toBeInstanceOf(GuardrailTripwireError);
      expect(types).toEqual(['tool_called', 'guardrail_tripped']);
    });

    it('wraps interceptors as an onion, runner-level outside, tool-level inside', async () => {
      const order: string[] = [];
      const make = (name: string) => ({
        async intercept(_inv: unknown, next: () => Promise<ToolResult>) {
          order.push(`${name} in`);
          const result = await next();
          order.push(`${name} out`);
          return ToolResult.text(`${name}(${result.text})`);
        },
      });
      const tool = { ...bareTool('core', () => (order.push('invoke'), 'x')), interceptors: [make('tool')] };
      const model = new ScriptedModel([{ toolCalls: [{ name: 'core', callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model, interceptors: [make('runner')] }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(order).toEqual(['runner in', 'tool in', 'invoke', 'tool out', 'runner out']);
      expect(outputsOf(result.history).c1).toBe('runner(tool(x))');
    });
  });
});

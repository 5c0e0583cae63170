import 'reflect-metadata';
import {
  Agent, GuardrailOutcome, GuardrailTripwireError, Param, RunCancelledError, Runner, ScriptedModel, Tool, ToolCallError, ToolDefinitionError,
  ToolResult, Toolkit, UserError, defineToolInputGuardrail, defineToolOutputGuardrail, defineTool, toolsOf, type RunEvent, type ToolContext,
} from '@toolwright/core';
import { executeToolCall, MAX_TIME_LIMIT_MS, toolCallNeedsApproval } from '@toolwright/core/extend';
import { bareTool, outputsOf, sleep, textTool } from '../runner/helpers';

@Toolkit()
class OrderTools {
  /** Look up an order. */
  @Tool()
  lookupOrder(@Param('orderId') orderId: string, @Param('verbose') verbose?: boolean) {
    return { orderId, status: 'shipped', verbose: verbose ?? false };
  }
}

describe('executeToolCall', () => {
  describe('outside any run', () => {
    it('runs a decorated tool with validated arguments and the given context', async () => {
      const [lookup] = toolsOf(new OrderTools());
      const result = await executeToolCall(lookup!, { orderId: '42', verbose: null });
      expect(JSON.parse(result.text)).toEqual({ orderId: '42', status: 'shipped', verbose: false });
      expect(result.isError).toBeUndefined();
    });

    it('takes arguments in the form the method receives: optional fields may be left out', async () => {
      const [lookup] = toolsOf(new OrderTools());
      const result = await executeToolCall(lookup!, { orderId: '7' });
      expect(JSON.parse(result.text)).toEqual({ orderId: '7', status: 'shipped', verbose: false });
      expect((await executeToolCall(lookup!, '{"orderId":"8","verbose":true}')).text).toContain('"verbose":true');
      // Hostile values from an integrator: a cycle, nesting deeper than JSON can write, a BigInt.
      const cyclic: Record<string, unknown> = { orderId: '1' };
      cyclic.self = cyclic;
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 100_000; i++) deep = { d: deep };
      for (const hostile of [cyclic, { orderId: '1', nested: deep }, { orderId: 1n }]) {
        const refused = await executeToolCall(lookup!, hostile);
        expect(refused.isError).toBe(true);
        expect(refused.text).toMatch(/Invalid arguments for tool "lookup_order"/);
      }
      const notAnObject = await executeToolCall(lookup!, [1, 2]);
      expect(notAnObject.isError).toBe(true);
      expect(notAnObject.text).toMatch(/must be an object of arguments/);
    });

    it('answers invalid arguments with the argument error a model gets, without running the tool', async () => {
      let ran = false;
      const tool = textTool('echo', () => (ran = true));
      const result = await executeToolCall(tool, { value: 7 });
      expect(ran).toBe(false);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/echo/);
      expect(result.text).toMatch(/value/);
    });

    it('gives the tool the context, a call id and a signal, and reports progress and the output as events', async () => {
      const events: RunEvent[] = [];
      const seen: Array<Partial<ToolContext<{ user: string }>>> = [];
      const tool = bareTool('probe', (ctx) => {
        seen.push({ context: ctx.context, callId: ctx.callId, toolName: ctx.toolName });
        ctx.emit('half way');
        expect(ctx.signal.aborted).toBe(false);
        return 'done';
      });
      const result = await executeToolCall(tool, {}, { context: { user: 'ada' }, callId: 'c-7', emit: (e) => events.push(e) });
      expect(result.text).toBe('done');
      expect(seen).toEqual([{ context: { user: 'ada' }, callId: 'c-7', toolName: 'probe' }]);
      expect(events.map((e) => e.type)).toEqual(['tool_progress', 'tool_output']);
    });

    it('runs guardrails and interceptors given by the host before the tool\'s own, and caps the output', async () => {
      const order: string[] = [];
      const tool = defineTool({
        name: 'long',
        description: 'Long output.',
        parameters: { type: 'object', properties: {} },
        inputGuardrails: [defineToolInputGuardrail({ name: 'own', check: () => (order.push('own'), GuardrailOutcome.allow()) })],
        maxOutputBytes: 10,
        invoke: () => `${'x'.repeat(100)}END`,
      });
      const host = defineToolInputGuardrail({ name: 'host', check: () => (order.push('host'), GuardrailOutcome.allow()) });
      const result = await executeToolCall(tool, {}, {
        guardrails: [host],
        interceptors: [{ intercept: async (_i, next) => (order.push('interceptor'), next()) }],
      });
      expect(order).toEqual(['host', 'own', 'interceptor']);
      // Cut to 10 bytes, head and tail kept: the end survives, the middle is marked.
      expect(result.text).toMatch(/^x{6}\n… \[output cut: 93 of 103 bytes left out here \(limit 10 bytes\)\]\nxEND$/);
    });

    it('turns a thrown error into the failureError text and marks it isError', async () => {
      const tool = bareTool('boom', () => {
        throw new Error('disk full');
      });
      const result = await executeToolCall(tool, {});
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/disk full/);
    });

    it('rejects with what would end a run: a tripwire, failureError null, an unknown guardrail outcome', async () => {
      const tripping = bareTool('t', () => 'ok', {
        outputGuardrails: [defineToolOutputGuardrail({ name: 'leak', check: () => GuardrailOutcome.tripwire('leak found') })],
      });
      await expect(executeToolCall(tripping, {})).rejects.toBeInstanceOf(GuardrailTripwireError);
      const fatal = bareTool('f', () => {
        throw new Error('bad');
      }, { failureError: null });
      await expect(executeToolCall(fatal, {})).rejects.toBeInstanceOf(ToolCallError);
      const odd = bareTool('o', () => 'ok', {
        inputGuardrails: [defineToolInputGuardrail({ name: 'odd', check: () => ({ kind: 'maybe' }) as never })],
      });
      await expect(executeToolCall(odd, {})).rejects.toThrow(/Guardrail "odd" returned/);
    });

    it('rejects with RunCancelledError when the host signal aborts, and aborts the tool\'s signal', async () => {
      let signal: AbortSignal | undefined;
      const tool = bareTool('wait', (ctx) => {
        signal = ctx.signal;
        return new Promise(() => undefined);
      });
      const controller = new AbortController();
      const pending = executeToolCall(tool, {}, { signal: controller.signal });
      await sleep(10);
      controller.abort(new Error('user left'));
      await expect(pending).rejects.toBeInstanceOf(RunCancelledError);
      expect(signal!.aborted).toBe(true);
    });

    it('refuses a malformed host with a UserError naming the option', async () => {
      const tool = bareTool('b', () => 'ok');
      await expect(executeToolCall(tool, {}, { timeoutMs: 2 ** 31 })).rejects.toThrow(UserError);
      await expect(executeToolCall(tool, {}, { maxOutputBytes: -1 })).rejects.toThrow(/maxOutputBytes/);
      await expect(executeToolCall({} as never, {})).rejects.toThrow(/needs a Tool/);
    });
  });

  describe('toolCallNeedsApproval', () => {
    it('applies the predicate, the flag and the policies as a run does', async () => {
      const agent = new Agent({ name: 'a' });
      const runContext = { context: undefined, usage: { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as never;
      const flagged = bareTool('flagged', () => 'ok', { needsApproval: true });
      const free = bareTool('free', () => 'ok');
      const ask = (tool: typeof free, policies: never[] = []) => toolCallNeedsApproval({ tool, args: {}, callId: 'c', agent, runContext, policies });
      expect(await ask(flagged)).toBe(true);
      expect(await ask(free)).toBe(false);
      const policy = { name: 'all', requiresApproval: () => true };
      expect(await ask(free, [policy as never])).toBe(true);
      const throwing = bareTool('p', () => 'ok', { needsApproval: () => { throw new Error('no'); } });
      await expect(ask(throwing)).rejects.toThrow(/needsApproval predicate of tool "p" threw/);
    });
  });
});

describe('time limits', () => {
  it('refuses a timeoutMs a timer cannot honour, naming the tool and the range', () => {
    for (const timeoutMs of [2 ** 31, 0, -5, 1.5, Number.NaN]) {
      expect(() => bareTool('slow', () => 'ok', { timeoutMs })).toThrow(ToolDefinitionError);
    }
    expect(() => bareTool('slow', () => 'ok', { timeoutMs: 2 ** 31 })).toThrow(/Tool "slow": timeoutMs must be a positive integer number of milliseconds up to 2147483647/);
    expect(() => new Runner({ toolTimeoutMs: 2 ** 31 })).toThrow(/toolTimeoutMs must be .* up to 2147483647/);
    expect(MAX_TIME_LIMIT_MS).toBe(2 ** 31 - 1);
  });

  it('runs a tool with the largest limit, Infinity or null to its end instead of timing it out at once', async () => {
    for (const timeoutMs of [MAX_TIME_LIMIT_MS, Infinity, null]) {
      const tool = bareTool('sleepy', () => sleep(50).then(() => 'woke'), { timeoutMs });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'sleepy', callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(outputsOf(result.history).c1).toBe('woke');
      expect((await executeToolCall(tool, {})).text).toBe('woke');
    }
  });

  it('takes null as no limit on the runner too', async () => {
    const tool = bareTool('sleepy', () => sleep(30).then(() => 'woke'));
    const model = new ScriptedModel([{ toolCalls: [{ name: 'sleepy', callId: 'c1' }] }, { text: 'ok' }]);
    const result = await new Runner({ model, toolTimeoutMs: null }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
    expect(outputsOf(result.history).c1).toBe('woke');
  });

  it('fails the run naming the tool when a tool object carries a limit no timer can honour', async () => {
    const tool = { ...bareTool('raw', () => 'ok'), timeoutMs: 2 ** 31 };
    const model = new ScriptedModel([{ toolCalls: [{ name: 'raw', callId: 'c1' }] }, { text: 'ok' }]);
    await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go')).rejects.toThrow(/Tool "raw": timeoutMs must be/);
  });
});

describe('a call made on behalf of another call (parent)', () => {
  const runWith = (outer: ReturnType<typeof bareTool>, extra: Partial<ConstructorParameters<typeof Runner>[0]> = {}) => {
    const model = new ScriptedModel([{ toolCalls: [{ name: outer.name, callId: 'c1' }] }, { text: 'ok' }]);
    return new Runner({ model, ...extra }).stream(new Agent({ name: 'a', tools: [outer] }), 'go');
  };

  it('ends the parent\'s run on a tripwire, emitting guardrail_tripped with the parent call id', async () => {
    const hidden = bareTool('hidden', () => 'secret', {
      outputGuardrails: [defineToolOutputGuardrail({ name: 'no-secrets', check: () => GuardrailOutcome.tripwire('secret') })],
    });
    const outer = bareTool('outer', (ctx) => executeToolCall(hidden, {}, { parent: ctx }));
    const stream = runWith(outer);
    const events: RunEvent[] = [];
    await expect((async () => {
      for await (const event of stream) events.push(event);
    })()).rejects.toBeInstanceOf(GuardrailTripwireError);
    const tripped = events.find((e) => e.type === 'guardrail_tripped');
    expect(tripped).toMatchObject({ guardrail: 'no-secrets', toolName: 'hidden', callId: 'c1' });
  });

  it('ends the parent\'s run when the hidden tool has failureError: null', async () => {
    const hidden = bareTool('hidden', () => {
      throw new Error('broken');
    }, { failureError: null });
    const outer = bareTool('outer', (ctx) => executeToolCall(hidden, {}, { parent: ctx }));
    const model = new ScriptedModel([{ toolCalls: [{ name: 'outer', callId: 'c1' }] }, { text: 'ok' }]);
    await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [outer] }), 'go')).rejects.toBeInstanceOf(ToolCallError);
  });

  it('sends the hidden tool\'s progress as the parent call\'s progress and no second tool_output', async () => {
    const hidden = bareTool('hidden', (ctx) => {
      ctx.emit('working');
      return ToolResult.text('inner');
    });
    const outer = bareTool('outer', (ctx) => executeToolCall(hidden, {}, { parent: ctx }));
    const stream = runWith(outer);
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    const progress = events.filter((e) => e.type === 'tool_progress');
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ toolName: 'outer', callId: 'c1' });
    expect(events.filter((e) => e.type === 'tool_output')).toHaveLength(1);
    expect(outputsOf((await stream.result).history).c1).toBe('inner');
  });
});

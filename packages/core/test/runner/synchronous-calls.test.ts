import { Agent, ModelError, Runner, ScriptedModel, ToolCallError, type Model, type ModelResponse, type RunEvent } from '@toolwright/core';
import { runBounded } from '../../src/runner/bounded-concurrency';
import { bareTool, textTool } from './helpers';

// A batch of plain tools (no guardrails, interceptors or hooks) that return values settles
// without awaiting: these pin what that path must keep of the asynchronous one.
describe('runBounded', () => {
  it('returns nothing when every task finished synchronously', () => {
    const ran: number[] = [];
    expect(runBounded(3, 3, (i) => void ran.push(i))).toBeUndefined();
    expect(ran).toEqual([0, 1, 2]);
  });

  it('starts every task, then rejects with the error of the lowest index, thrown or rejected', async () => {
    const started: number[] = [];
    const running = runBounded(4, 4, (i) => {
      started.push(i);
      if (i === 1) throw new Error('sync 1');
      if (i === 2) return Promise.reject(new Error('async 2'));
      return i === 3 ? new Promise<void>((resolve) => setTimeout(resolve, 5)) : undefined;
    });
    expect(started).toEqual([0, 1, 2, 3]);
    await expect(running).rejects.toThrow('sync 1');
  });

  it('waits for the asynchronous tasks among synchronous ones', async () => {
    let late = false;
    const running = runBounded(2, 2, (i) => (i === 0 ? undefined : new Promise<void>((resolve) => setTimeout(() => ((late = true), resolve()), 5))));
    expect(running).toBeInstanceOf(Promise);
    await running;
    expect(late).toBe(true);
  });
});

describe('Runner with plain synchronous tools', () => {
  it('answers every call of a batch in call order, and a throwing one with its error text', async () => {
    const echo = textTool('echo', (_ctx, args) => args.value);
    const broken = bareTool('broken', () => {
      throw new Error('no luck');
    });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'echo', arguments: '{"value":"a"}', callId: 'c1' }, { name: 'broken', callId: 'c2' }, { name: 'echo', arguments: '{"value":"b"}', callId: 'c3' }] },
      { text: 'done' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo, broken] }), 'go');
    const outputs = result.newItems.filter((item) => item.type === 'function_call_output');
    expect(outputs.map((o) => [o.callId, o.output])).toEqual([['c1', 'a'], ['c2', expect.stringContaining('no luck')], ['c3', 'b']]);
    expect(outputs.map((o) => o.isError === true)).toEqual([false, true, false]);
  });

  it('fails the run with the fatal error of the first call in call order', async () => {
    const fatal = (name: string) =>
      bareTool(name, () => {
        throw new Error(`${name} broke`);
      }, { failureError: null });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'first', callId: 'c1' }, { name: 'second', callId: 'c2' }] }, { text: 'unreachable' }]);
    const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [fatal('first'), fatal('second')] }), 'go').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).callId).toBe('c1');
  });

  it('emits tool_output for each call of a streamed batch, in call order', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'x', callId: 'c1' }, { name: 'x', callId: 'c2' }] }, { text: 'done' }]);
    const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [bareTool('x', () => 'ok')] }), 'go');
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.filter((e) => e.type === 'tool_output').map((e) => (e as { callId: string }).callId)).toEqual(['c1', 'c2']);
    expect((await stream.result).finalOutput).toBe('done');
  });
});

describe('the model turn', () => {
  it('turns a response it cannot even print into a ModelError naming the failure', async () => {
    const model: Model = {
      respond: async () => ({ output: 1n }) as unknown as ModelResponse,
      stream: () => {
        throw new Error('not streamed');
      },
    };
    const error = await new Runner({ model }).run(new Agent({ name: 'a' }), 'go').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toMatch(/BigInt/);
  });

  it('ScriptedModel rejects, never throws, when its script is exhausted', async () => {
    const model = new ScriptedModel([]);
    let pending: Promise<unknown> | undefined;
    expect(() => (pending = model.respond({ input: [], tools: [], settings: {} }))).not.toThrow();
    await expect(pending).rejects.toBeInstanceOf(ModelError);
  });
});

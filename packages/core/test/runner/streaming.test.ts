import { Agent, Runner, ScriptedModel, ToolCallError, ToolResult, UserError, type RunEvent } from '@toolwright/core';
import { bareTool, outputsOf, sleep, textTool } from './helpers';

function summary(event: RunEvent): string {
  switch (event.type) {
    case 'model_delta':
      return `delta:${event.delta}`;
    case 'message':
      return `message:${(event.item as { content: string }).content}`;
    case 'tool_called':
      return `called:${event.toolName}:${event.callId}:${event.arguments}`;
    case 'tool_progress':
      return `progress:${event.callId}:${event.result.text}`;
    case 'tool_output':
      return `output:${event.callId}:${event.result.text}`;
    default:
      return event.type;
  }
}

describe('Runner.stream', () => {
  it('emits events in the documented order, each with agent, tool name and call id', async () => {
    const model = new ScriptedModel([
      { text: 'Let me check.', toolCalls: [{ name: 'slow', arguments: { value: 'a' }, callId: 'c1' }, { name: 'fast', callId: 'c2' }] },
      { text: 'All done.' },
    ]);
    const slow = textTool('slow', async (ctx, { value }) => {
      ctx.emit('halfway');
      await sleep(30);
      return `slow ${value}`;
    });
    const agent = new Agent({ name: 'planner', tools: [slow, bareTool('fast', () => 'fast')] });
    const stream = new Runner({ model }).stream(agent, 'go');
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map(summary)).toEqual([
      'delta:Let ', 'delta:me ', 'delta:check.',
      'message:Let me check.',
      'called:slow:c1:{"value":"a"}',
      'called:fast:c2:{}',
      'progress:c1:halfway',
      'output:c2:fast',
      'output:c1:slow a',
      'delta:All ', 'delta:done.',
      'message:All done.',
      'run_completed',
    ]);
    for (const event of events) expect(event.agent).toBe(agent);
    // The slow call slept 30 ms inside the tool: its measured duration covers it (a wide margin:
    // a timer may fire a little early against the clock when the event loop's time is stale).
    const slowOutput = events.find((e) => e.type === 'tool_output' && e.callId === 'c1') as { durationMs: number };
    expect(slowOutput.durationMs).toBeGreaterThanOrEqual(15);
    const result = await stream.result;
    expect(events[events.length - 1]).toEqual({ type: 'run_completed', agent, result });
    expect(result.finalOutput).toBe('All done.');
  });

  it('is single-use: a second iteration throws UserError', async () => {
    const stream = new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).stream(new Agent({ name: 'a' }), 'go');
    for await (const _event of stream) void _event;
    expect(() => stream[Symbol.asyncIterator]()).toThrow(UserError);
    await expect((async () => {
      for await (const _event of stream) void _event;
    })()).rejects.toThrow(/already iterated/);
  });

  it('runs without being iterated, and .result settles', async () => {
    const stream = new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).stream(new Agent({ name: 'a' }), 'go');
    await expect(stream.result).resolves.toMatchObject({ finalOutput: 'hi' });
  });

  it('throws the run error from the iteration after the events so far, with no run_completed', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', callId: 'c1' }] }]);
    const boom = bareTool('boom', () => {
      throw new Error('fatal');
    }, { failureError: null });
    const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [boom] }), 'go');
    const seen: string[] = [];
    const iteration = (async () => {
      for await (const event of stream) seen.push(event.type);
    })();
    await expect(iteration).rejects.toBeInstanceOf(ToolCallError);
    await expect(stream.result).rejects.toBeInstanceOf(ToolCallError);
    expect(seen).toEqual(['tool_called']);
  });

  it('stops queuing events when the consumer breaks out, and the run still completes', async () => {
    const stream = new Runner({ model: new ScriptedModel([{ text: 'one two three' }]) }).stream(new Agent({ name: 'a' }), 'go');
    for await (const event of stream) {
      expect(event.type).toBe('model_delta');
      break;
    }
    await expect(stream.result).resolves.toMatchObject({ finalOutput: 'one two three' });
  });

  describe('ctx.emit', () => {
    it('never reaches the model, accepts strings and ToolResults, and is ignored after the call returned', async () => {
      let saved: ((p: string) => void) | undefined;
      const model = new ScriptedModel([{ toolCalls: [{ name: 'work', callId: 'c1' }] }, { text: 'ok' }]);
      const work = bareTool('work', (ctx) => {
        ctx.emit('step 1');
        ctx.emit(ToolResult.text('step 2').withDetails({ pct: 50 }));
        saved = ctx.emit;
        setTimeout(() => ctx.emit('from a timer, too late'), 5);
        return 'final';
      });
      const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [work] }), 'go');
      const progress: Array<{ text: string; details: unknown }> = [];
      for await (const event of stream) if (event.type === 'tool_progress') progress.push({ text: event.result.text, details: event.result.details });
      saved!('after return');
      await sleep(20);
      expect(progress).toEqual([{ text: 'step 1', details: undefined }, { text: 'step 2', details: { pct: 50 } }]);
      const result = await stream.result;
      expect(outputsOf(result.history).c1).toBe('final');
      expect(JSON.stringify(model.requests[1]!.input)).not.toContain('step');
    });

    it('works from timers while the call runs', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'ticker', callId: 'c1' }] }, { text: 'ok' }]);
      const ticker = bareTool('ticker', (ctx) => new Promise((resolve) => {
        let n = 0;
        const timer = setInterval(() => {
          ctx.emit(`tick ${++n}`);
          if (n === 3) {
            clearInterval(timer);
            resolve('ticked');
          }
        }, 5);
      }));
      const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [ticker] }), 'go');
      const ticks: string[] = [];
      for await (const event of stream) if (event.type === 'tool_progress') ticks.push(event.result.text);
      expect(ticks).toEqual(['tick 1', 'tick 2', 'tick 3']);
    });

    it('is a no-op on a non-streamed run', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'work' }] }, { text: 'ok' }]);
      const work = bareTool('work', (ctx) => {
        ctx.emit('ignored');
        return 'done';
      });
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [work] }), 'go')).resolves.toMatchObject({ finalOutput: 'ok' });
    });
  });
});

import { ModelError, ScriptedModel, type ModelRequest, type ModelStreamEvent } from '@toolwright/core';

function request(input: ModelRequest['input'] = []): ModelRequest {
  return { input, tools: [], settings: {} };
}

describe('ScriptedModel', () => {
  it('replays scripted turns in order, with text, tool calls and usage', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }, { name: 'raw', arguments: '{"a":1}', callId: 'mine' }], usage: { inputTokens: 3, outputTokens: 2 } },
      { text: 'Done.' },
    ]);
    const first = await model.respond(request());
    expect(first.output).toEqual([
      { type: 'function_call', callId: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call', callId: 'mine', name: 'raw', arguments: '{"a":1}' },
    ]);
    expect(first.usage).toEqual({ inputTokens: 3, outputTokens: 2 });
    const second = await model.respond(request());
    expect(second.output).toEqual([{ type: 'message', role: 'assistant', content: 'Done.' }]);
  });

  it('generates call ids that stay unique across turns', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'a' }] }, { toolCalls: [{ name: 'a' }] }]);
    const ids = [...(await model.respond(request())).output, ...(await model.respond(request())).output].map((i) => (i as { callId: string }).callId);
    expect(new Set(ids).size).toBe(2);
  });

  it('accepts a function of the request and the turn index', async () => {
    const model = new ScriptedModel((req, turn) => ({ text: `turn ${turn} saw ${req.input.length} items` }));
    await model.respond(request([{ type: 'message', role: 'user', content: 'hi' }]));
    const second = await model.respond(request([]));
    expect(second.output[0]).toMatchObject({ content: 'turn 1 saw 0 items' });
  });

  it('accepts per-turn functions in the list', async () => {
    const model = new ScriptedModel([(req) => ({ text: `tools: ${req.tools.length}` })]);
    expect((await model.respond(request())).output[0]).toMatchObject({ content: 'tools: 0' });
  });

  it('records every request with the history as it was when sent', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }]);
    const live: ModelRequest['input'] = [{ type: 'message', role: 'user', content: 'one' }];
    await model.respond(request(live));
    live.push({ type: 'message', role: 'assistant', content: 'a' });
    await model.respond(request(live));
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.input).toHaveLength(1);
    expect(model.requests[1]!.input).toHaveLength(2);
  });

  it('fails with a ModelError naming the turn when the script runs out', async () => {
    const model = new ScriptedModel([{ text: 'only' }]);
    await model.respond(request());
    await expect(model.respond(request())).rejects.toThrow(ModelError);
    await expect(model.respond(request())).rejects.toThrow(/no turn 3 scripted/);
  });

  it('streams text deltas and ends with completed', async () => {
    const model = new ScriptedModel([{ text: 'It is sunny today.' }]);
    const events: ModelStreamEvent[] = [];
    for await (const event of model.stream(request())) events.push(event);
    const deltas = events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('It is sunny today.');
    expect(events[events.length - 1]).toMatchObject({ type: 'completed', response: { output: [{ content: 'It is sunny today.' }] } });
  });

  it('reports a cut-off response as incomplete', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'a', arguments: '{"x":' }], status: 'incomplete', incompleteReason: 'max_output_tokens' }]);
    expect(await model.respond(request())).toMatchObject({ status: 'incomplete', incompleteReason: 'max_output_tokens' });
  });

  it('honours the signal while delaying', async () => {
    const model = new ScriptedModel([{ text: 'late', delayMs: 5_000 }]);
    const controller = new AbortController();
    const pending = model.respond(request(), controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(pending).rejects.toThrow('stop');
  });
});

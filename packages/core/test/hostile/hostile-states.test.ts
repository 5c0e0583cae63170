import { Agent, RunState, RunStateError, Runner, ScriptedModel, TOOLWRIGHT_LIMITS, defineTool, type Tool } from '@toolwright/core';
import { outputsOf } from '../runner/helpers';

// Tampered states and repeated call ids (items 5–8 of issue 11): what an approver is shown is
// what runs, a signature covers every character, a call id names one call for the whole run,
// and an unread stream holds bounded memory (item 10).

const SECRET = 'a long random server-side secret';

function setup() {
  const ran: string[] = [];
  const refund = defineTool({
    name: 'refund',
    description: 'Refund money.',
    parameters: { type: 'object', properties: { amount: { type: 'number' }, to: { type: 'string' } }, required: ['amount', 'to'] },
    needsApproval: true,
    invoke: (_ctx, args: { amount: number; to: string }) => (ran.push(`refund ${args.amount} ${args.to}`), 'refunded'),
  });
  const deleteAll = defineTool({
    name: 'delete_all',
    description: 'Delete everything.',
    parameters: { type: 'object', properties: {} },
    needsApproval: true,
    invoke: () => (ran.push('delete_all'), 'deleted'),
  });
  const agent = new Agent({ name: 'support', tools: [refund, deleteAll] });
  return { agent, ran };
}

async function paused(calls: Array<{ name: string; arguments: object; callId: string }>) {
  const s = setup();
  const model = new ScriptedModel([{ toolCalls: calls }, { text: 'done' }]);
  const result = await new Runner({ model }).run(s.agent, 'refund alice');
  return { ...s, result };
}

describe('Tampered run states', () => {
  const edits: Array<[string, (json: string) => string]> = [
    ['the pending call swapped for delete_all', (json) => json.split('"name":"refund","arguments":"{\\"amount\\":10,\\"to\\":\\"alice\\"}"').join('"name":"delete_all","arguments":"{}"')],
    ['the pending call\'s arguments raised', (json) => json.split('{\\"amount\\":10,\\"to\\":\\"alice\\"}').join('{\\"amount\\":99999,\\"to\\":\\"mallory\\"}')],
    ['only the history\'s record of the call changed', (json) => json.replace('{\\"amount\\":10,\\"to\\":\\"alice\\"}', '{\\"amount\\":99999,\\"to\\":\\"mallory\\"}')],
    ['only the pending batch\'s record of the call changed', (json) => json.replace(/(.*)\{\\"amount\\":10,\\"to\\":\\"alice\\"\}/s, '$1{\\"amount\\":99999,\\"to\\":\\"mallory\\"}')],
    ['the interruption\'s arguments lowered', (json) => json.replace('"arguments":{"amount":10,"to":"alice"}', '"arguments":{"amount":1,"to":"alice"}')],
    ['the interruption renamed', (json) => json.replace('"toolName":"refund"', '"toolName":"delete_all"')],
  ];

  it.each(edits)('an unsigned state with %s is refused; nothing runs', async (_label, edit) => {
    const { agent, ran, result } = await paused([{ name: 'refund', arguments: { amount: 10, to: 'alice' }, callId: 'c1' }]);
    const json = result.state.toString();
    const tampered = edit(json);
    expect(tampered).not.toBe(json);
    expect(() => RunState.fromString(agent, tampered)).toThrow(RunStateError);
    expect(() => RunState.fromString(agent, tampered)).toThrow(/differ|names tool|pending call|not the call of that id/);
    expect(ran).toEqual([]);
  });

  it('an untouched state loads, shows what runs, and runs exactly that', async () => {
    const { agent, ran, result } = await paused([{ name: 'refund', arguments: { amount: 10, to: 'alice' }, callId: 'c1' }]);
    const state = RunState.fromString(agent, result.state.toString());
    expect(state.interruptions.map((r) => [r.toolName, r.arguments])).toEqual([['refund', { amount: 10, to: 'alice' }]]);
    state.approve('c1');
    await new Runner({ model: new ScriptedModel([{ text: 'done' }]) }).run(agent, state);
    expect(ran).toEqual(['refund 10 alice']);
  });

  it('a signed state whose U+FFFD became a lone surrogate is refused (both encode to the same UTF-8)', async () => {
    const { agent, result } = await paused([{ name: 'refund', arguments: { amount: 10, to: 'al\uFFFDce' }, callId: 'c1' }]);
    const signed = result.state.toString({ secret: SECRET });
    expect(signed).toContain('\uFFFD');
    const tampered = signed.split('\uFFFD').join('\\ud800');
    expect(() => RunState.fromString(agent, tampered, { secret: SECRET })).toThrow(/lone surrogate/);
    expect(() => RunState.fromString(agent, signed, { secret: SECRET })).not.toThrow();
  });

  it('a state holding a lone surrogate in its data signs and round-trips exactly (JSON escapes it)', async () => {
    const { agent, result } = await paused([{ name: 'refund', arguments: { amount: 10, to: 'al\ud800ce' }, callId: 'c1' }]);
    const copy = RunState.fromString(agent, result.state.toString({ secret: SECRET }), { secret: SECRET });
    expect(copy.interruptions[0]!.arguments).toEqual({ amount: 10, to: 'al\ud800ce' });
  });

  it('the resume-once guard refuses a second resume from the same JSON in this process (its documented guarantee)', async () => {
    const { agent, ran, result } = await paused([{ name: 'refund', arguments: { amount: 10, to: 'alice' }, callId: 'c1' }]);
    const json = result.state.toString({ secret: SECRET });
    for (const attempt of [1, 2]) {
      const state = RunState.fromString(agent, json, { secret: SECRET });
      if (attempt === 1) {
        state.approve('c1');
        await new Runner({ model: new ScriptedModel([{ text: 'done' }]) }).run(agent, state);
      } else {
        expect(state.consumed).toBe(true);
        await expect(new Runner({ model: new ScriptedModel([{ text: 'done' }]) }).run(agent, state)).rejects.toThrow(/already resumed once/);
      }
    }
    expect(ran).toEqual(['refund 10 alice']);
    expect(TOOLWRIGHT_LIMITS.resumeGuardSize).toBe(50_000);
  });
});

describe('Repeated call ids', () => {
  it('two calls sharing an id: one interruption, one approval runs one call, outputs never cross, the signed state loads back', async () => {
    const { agent, ran, result } = await paused([
      { name: 'refund', arguments: { amount: 10, to: 'alice' }, callId: 'same' },
      { name: 'refund', arguments: { amount: 99999, to: 'mallory' }, callId: 'same' },
    ]);
    expect(result.interruptions.map((r) => [r.callId, r.arguments])).toEqual([['same', { amount: 10, to: 'alice' }]]);
    const state = RunState.fromString(agent, result.state.toString({ secret: SECRET }), { secret: SECRET });
    state.approve('same');
    const done = await new Runner({ model: new ScriptedModel([{ text: 'done' }]) }).run(agent, state);
    expect(ran).toEqual(['refund 10 alice']);
    const calls = done.history.filter((i) => i.type === 'function_call').map((i) => (i as { callId: string }).callId);
    expect(calls).toEqual(['same', 'same#2']);
    const outputs = outputsOf(done.history);
    expect(outputs.same).toBe('refunded');
    expect(outputs['same#2']).toMatch(/reused the call id "same".*not run/);
  });

  it('an id reused in a later turn is renamed too', async () => {
    const runs: string[] = [];
    const echo: Tool = defineTool({ name: 'echo', description: '', parameters: { type: 'object', properties: { v: { type: 'string' } }, required: ['v'] }, invoke: (_c, a: { v: string }) => (runs.push(a.v), a.v) });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'echo', arguments: { v: 'one' }, callId: 'x' }] },
      { toolCalls: [{ name: 'echo', arguments: { v: 'two' }, callId: 'x' }] },
      { text: 'done' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo] }), 'go');
    expect(runs).toEqual(['one']);
    expect(Object.keys(outputsOf(result.history))).toEqual(['x', 'x#2']);
  });
});

describe('An unread stream', () => {
  it('holds bounded memory: 200,000 progress updates coalesce, and the dropped counts account for every one', async () => {
    const UPDATES = 200_000;
    const chatty = defineTool({
      name: 'chatty',
      description: '',
      parameters: { type: 'object', properties: {} },
      invoke: (ctx) => {
        for (let i = 0; i < UPDATES; i++) ctx.emit(`step ${i}`);
        return 'done';
      },
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'chatty', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
    const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [chatty] }), 'go');
    await stream.result;
    let events = 0;
    let updates = 0;
    let last = '';
    for await (const event of stream) {
      events++;
      if (event.type === 'tool_progress') {
        updates += 1 + (event.dropped ?? 0);
        last = event.result.text;
      }
    }
    expect(events).toBeLessThan(TOOLWRIGHT_LIMITS.eventBufferSize + 20);
    expect(updates).toBe(UPDATES);
    expect(last).toBe(`step ${UPDATES - 1}`);
  });

  it('a consumer that keeps up gets every update, none dropped', async () => {
    const chatty = defineTool({
      name: 'chatty',
      description: '',
      parameters: { type: 'object', properties: {} },
      invoke: async (ctx) => {
        for (let i = 0; i < 3_000; i++) {
          ctx.emit(`step ${i}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return 'done';
      },
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'chatty', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
    let progress = 0;
    let dropped = 0;
    for await (const event of new Runner({ model }).stream(new Agent({ name: 'a', tools: [chatty] }), 'go')) {
      if (event.type === 'tool_progress') {
        progress++;
        dropped += event.dropped ?? 0;
      }
    }
    expect(progress).toBe(3_000);
    expect(dropped).toBe(0);
  });
});

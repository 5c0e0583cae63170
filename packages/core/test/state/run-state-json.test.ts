import {
  Agent, RUN_STATE_VERSION, RunState, RunStateError, Runner, ScriptedModel, ToolArgumentsError, type Item,
} from '@toolwright/core';
import { bareTool, outputsOf, textTool } from '../runner/helpers';

const SECRET = 'a long random server-side secret';

function setup() {
  const lookup = jest.fn(() => 'found');
  const refund = jest.fn((_ctx: unknown, args: { value: string }) => `refunded ${args.value}`);
  const agent = new Agent({
    name: 'support',
    tools: [textTool('lookup', lookup), textTool('refund', refund, { needsApproval: true }), bareTool('hidden', () => 'h', { deferred: true })],
  });
  const model = () =>
    new ScriptedModel([
      { toolCalls: [{ name: 'lookup', arguments: { value: 'order' }, callId: 'c1' }, { name: 'refund', arguments: { value: '30' }, callId: 'c2' }], usage: { inputTokens: 10, outputTokens: 5 } },
      (request) => ({ text: `done ${JSON.stringify(outputsOf(request.input))}` }),
    ]);
  return { agent, lookup, refund, model };
}

async function pausedState() {
  const s = setup();
  const result = await new Runner({ model: s.model(), maxTurns: 7 }).run(s.agent, 'refund it');
  expect(result.status).toBe('interrupted');
  return { ...s, result, state: result.state };
}

describe('RunState serialisation', () => {
  it('round-trips everything needed to resume: history, pending batch, decisions, disclosed tools, turns, maxTurns, usage, agent', async () => {
    const { agent, state } = await pausedState();
    state.disclosedTools.add('hidden');
    state.approve('c2', { always: true });
    const json = state.toString();
    const parsed = JSON.parse(json);
    expect(parsed).toMatchObject({
      format: 'toolwright.run-state',
      version: RUN_STATE_VERSION,
      id: state.id,
      currentAgent: 'support',
      status: 'interrupted',
      turn: 1,
      maxTurns: 7,
      disclosedTools: ['hidden'],
      interruptions: [{ callId: 'c2', toolName: 'refund', arguments: { value: '30' }, agent: 'support' }],
      approvals: { exact: { c2: { approved: true } }, standing: { refund: { approved: true } } },
    });
    expect(parsed.pendingBatch.calls.map((c: { callId: string }) => c.callId)).toEqual(['c1', 'c2']);

    const copy = RunState.fromString(agent, json);
    expect(copy.id).toBe(state.id);
    expect(copy.currentAgent).toBe(agent);
    expect(copy.history).toEqual(state.history);
    expect(copy.turn).toBe(1);
    expect(copy.maxTurns).toBe(7);
    expect(copy.usage).toEqual(state.usage);
    expect(copy.modelUsage).toEqual({ ...state.modelUsage });
    expect([...copy.disclosedTools]).toEqual(['hidden']);
    expect(copy.interruptions).toEqual(state.interruptions);
    expect(copy.pendingBatch!.calls).toEqual(state.pendingBatch!.calls);
    expect(copy.toString()).toBe(json);
  });

  it('resumes a state read back from JSON: answered calls are not re-run, the approved one runs once', async () => {
    const { agent, state, lookup, refund } = await pausedState();
    const copy = RunState.fromString(agent, state.toString());
    copy.approve('c2');
    const finalTurn = new ScriptedModel([(request) => ({ text: `done ${JSON.stringify(outputsOf(request.input))}` })]);
    const done = await new Runner({ model: finalTurn }).run(agent, copy);
    expect(done.finalOutput).toBe('done {"c1":"found","c2":"refunded 30"}');
    expect(done.status).toBe('completed');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(done.usage.inputTokens).toBe(10);
    expect(done.turns).toBe(2);
  });

  it('re-validates edited arguments of a state read from JSON', async () => {
    const { agent, state } = await pausedState();
    const copy = RunState.fromString(agent, state.toString());
    expect(() => copy.approve('c2', { arguments: { value: 42 } })).toThrow(ToolArgumentsError);
  });

  describe('refuses a bad state with RunStateError, and no tool runs', () => {
    const cases: Array<[string, (json: string) => string, RegExp]> = [
      ['not JSON', () => '{"format": "toolwright.run-state", ', /not valid JSON/],
      ['not a run state', () => '{"hello": 1}', /not a Toolwright run state/],
      ['an unknown version', (json) => json.replace(`"version":${RUN_STATE_VERSION}`, '"version":99'), /Unsupported run state version 99/],
      ['an agent missing from the registry', (json) => json.replace(/"currentAgent":"support"/, '"currentAgent":"billing"'), /names agent "billing".*not among the agents given \(support\)/],
      ['a tool missing from the agent', (json) => json.replace(/"toolName":"refund"/, '"toolName":"wire_money"'), /tool "wire_money".*agent "support" has no tool of that name/],
      ['a decision for a call that is not pending', (json) => json.replace('"exact":{}', '"exact":{"c9":{"approved":true}}'), /decision for call "c9", which is not pending/],
      ['an interruption for a call that is not pending', (json) => json.replace('"callId":"c2","toolName":"refund"', '"callId":"c7","toolName":"refund"'), /interruption for call "c7" does not match a pending call/],
      ['a malformed field', (json) => json.replace('"turn":1', '"turn":"one"'), /turn must be a non-negative integer/],
    ];
    it.each(cases)('%s', async (_label, corrupt, message) => {
      const { agent, state, lookup, refund } = await pausedState();
      const json = corrupt(state.toString());
      expect(() => RunState.fromString(agent, json)).toThrow(RunStateError);
      expect(() => RunState.fromString(agent, json)).toThrow(message);
      expect(lookup).not.toHaveBeenCalled();
      expect(refund).not.toHaveBeenCalled();
    });

    it('a tool missing at resume time (tools from a toolset cannot be checked before)', async () => {
      const refund = jest.fn(() => 'refunded');
      const toolset = (tools: ReturnType<typeof textTool>[]) => ({ name: 'payments', tools: () => tools });
      const first = new Agent({ name: 'support', tools: [toolset([textTool('refund', refund, { needsApproval: true })])] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'refund', arguments: { value: '1' }, callId: 'r' }] }, { text: 'ok' }]);
      const paused = await new Runner({ model }).run(first, 'go');
      const changed = new Agent({ name: 'support', tools: [toolset([])] });
      const copy = RunState.fromString(changed, paused.state.toString());
      copy.approve('r');
      await expect(new Runner({ model }).run(changed, copy)).rejects.toThrow(/waits for call r of tool "refund", but agent "support" has no such tool now/);
      expect(refund).not.toHaveBeenCalled();
    });

    it('a state resumed twice: the same object, or two copies of the same JSON in one process', async () => {
      const { agent, state, refund, model } = await pausedState();
      const json = state.toString();
      state.approve('c2');
      await new Runner({ model: model() }).run(agent, state);
      expect(refund).toHaveBeenCalledTimes(1);
      await expect(new Runner({ model: model() }).run(agent, state)).rejects.toThrow(/already resumed once/);
      const copy = RunState.fromString(agent, json);
      expect(copy.consumed).toBe(true);
      expect(() => copy.approve('c2')).toThrow(RunStateError);
      await expect(new Runner({ model: model() }).run(agent, copy)).rejects.toThrow(RunStateError);
      expect(refund).toHaveBeenCalledTimes(1);
    });

    it('a resumed streamed run refused before it starts ends the stream with the error', async () => {
      const { agent, state, model } = await pausedState();
      await new Runner({ model: model() }).run(agent, state);
      const stream = new Runner({ model: model() }).stream(agent, state);
      await expect(stream.result).rejects.toThrow(RunStateError);
      await expect((async () => { for await (const _ of stream) void _; })()).rejects.toThrow(RunStateError);
    });
  });

  describe('signing (HMAC-SHA256)', () => {
    it('reads back a signed state with the secret', async () => {
      const { agent, state } = await pausedState();
      const signed = state.toString({ secret: SECRET });
      expect(JSON.parse(signed)).toMatchObject({ format: 'toolwright.run-state.signed', algorithm: 'HMAC-SHA256' });
      expect(RunState.fromString(agent, signed, { secret: SECRET }).toString()).toBe(state.toString());
    });

    it('refuses a state in which any single byte changed', async () => {
      const { agent, state } = await pausedState();
      const signed = state.toString({ secret: SECRET });
      let refused = 0;
      for (let i = 0; i < signed.length; i++) {
        const replacement = signed[i] === 'x' ? 'y' : 'x';
        const tampered = signed.slice(0, i) + replacement + signed.slice(i + 1);
        try {
          RunState.fromString(agent, tampered, { secret: SECRET });
        } catch (error) {
          if (error instanceof RunStateError) refused++;
        }
      }
      expect(refused).toBe(signed.length);
    });

    it('refuses a tampered payload with a message about the signature', async () => {
      const { agent, state } = await pausedState();
      const signed = JSON.parse(state.toString({ secret: SECRET }));
      signed.payload = signed.payload.replace('"value\\":\\"30\\"', '"value\\":\\"3000\\"');
      expect(() => RunState.fromString(agent, JSON.stringify(signed), { secret: SECRET })).toThrow(/signature does not match/);
      expect(() => RunState.fromString(agent, state.toString({ secret: SECRET }), { secret: 'another secret' })).toThrow(/signature does not match/);
    });

    it('refuses a signed state read without the secret, and an unsigned one read with a secret', async () => {
      const { agent, state } = await pausedState();
      expect(() => RunState.fromString(agent, state.toString({ secret: SECRET }))).toThrow(/is signed. Pass the secret/);
      expect(() => RunState.fromString(agent, state.toString(), { secret: SECRET })).toThrow(/not signed, but a secret was given/);
    });
  });

  it('carries the duplicate ledger, so a repeat after resume is still a duplicate', async () => {
    const charge = jest.fn(() => 'charged');
    const agent = new Agent({ name: 'a', tools: [textTool('charge', charge, { duplicates: 'reject' }), bareTool('confirm', () => 'ok', { needsApproval: true })] });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'charge', arguments: { value: '5' }, callId: 'x1' }] },
      { toolCalls: [{ name: 'confirm', callId: 'k' }] },
      { toolCalls: [{ name: 'charge', arguments: { value: '5' }, callId: 'x2' }] },
      (request) => ({ text: String(outputsOf(request.input).x2) }),
    ]);
    const runner = new Runner({ model });
    const paused = await runner.run(agent, 'go');
    const copy = RunState.fromString(agent, paused.state.toString());
    copy.approve('k');
    const done = await runner.run(agent, copy);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(done.finalOutput).toMatch(/already called with these same arguments in this run \(call x1\)/);
  });

  it('finds agents reachable through handoffs and agent tools when only the entry agent is given', async () => {
    const inner = new Agent({ name: 'inner', tools: [textTool('refund', () => 'r', { needsApproval: true })] });
    const outer = new Agent({ name: 'outer', tools: [inner.asTool()] });
    const state = new RunState({ agent: inner, history: [] as Item[], maxTurns: 3, context: undefined });
    expect(RunState.fromString(outer, state.toString()).currentAgent).toBe(inner);
  });
});

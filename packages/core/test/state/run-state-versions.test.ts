import { Agent, MemoryRunStore, RUN_STATE_VERSION, RunState, RunStateError, Runner, ScriptedModel, UserError, defineTool } from '@toolwright/core';

const refund = defineTool({
  name: 'refund',
  description: 'Refund.',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  needsApproval: true,
  invoke: (_ctx, args: { id: string }) => `refunded ${args.id}`,
});
const agent = new Agent({ name: 'support', tools: [refund] });
const model = () =>
  new ScriptedModel((request) =>
    request.input.some((i) => i.type === 'function_call_output') ? { text: 'done' } : { toolCalls: [{ name: 'refund', arguments: { id: 'o-1' }, callId: 'c1' }] },
  );

async function paused(metadata?: Record<string, unknown>) {
  return (await new Runner({ model: model() }).run(agent, 'go', metadata === undefined ? {} : { metadata })).state;
}

describe('run-state versions', () => {
  it('writes the current version, and names the versions it reads for one from the future or a non-version', async () => {
    const text = (await paused()).toString();
    expect(JSON.parse(text).version).toBe(RUN_STATE_VERSION);
    const future = text.replace(`"version":${RUN_STATE_VERSION}`, `"version":${RUN_STATE_VERSION + 1}`);
    expect(() => RunState.fromString(agent, future)).toThrow(RunStateError);
    expect(() => RunState.fromString(agent, future)).toThrow(new RegExp(`reads versions 1 to ${RUN_STATE_VERSION}\\. It was written by a newer Toolwright`));
    for (const bad of ['0', '"2"', '1.5', 'null']) {
      expect(() => RunState.fromString(agent, text.replace(`"version":${RUN_STATE_VERSION}`, `"version":${bad}`))).toThrow(/Unsupported run state version/);
    }
  });

  it('reads a version-1 state (no metadata, no decisions) as empty ones', async () => {
    const json = JSON.parse((await paused()).toString());
    json.version = 1;
    delete json.metadata;
    delete json.guardrailDecisions;
    const state = RunState.fromString(agent, JSON.stringify(json));
    expect(state.metadata).toEqual({});
    expect(state.guardrailDecisions).toEqual([]);
  });
});

describe('state.metadata', () => {
  it('keeps application data with the run, through a store and across the resume, as a copy', async () => {
    const store = new MemoryRunStore();
    const runner = new Runner({ model: model() });
    const first = await runner.run(agent, 'go', { store, metadata: { ticket: 'T-1', by: { user: 'ada' } } });
    expect(first.state.metadata).toEqual({ ticket: 'T-1', by: { user: 'ada' } });
    await store.approve(first.runId!, 'c1');
    const done = await runner.resume(agent, first.runId!, { store });
    expect(done.finalOutput).toBe('done');
    expect(done.state.metadata).toEqual({ ticket: 'T-1', by: { user: 'ada' } });
    done.state.metadata.ticket = 'T-2';
    expect(first.state.metadata.ticket).toBe('T-1');
  });

  it('refuses what cannot be kept, naming the option and the fix', async () => {
    const runner = new Runner({ model: model() });
    const cases: Array<[unknown, RegExp]> = [
      [[1, 2], /must be a plain object of JSON values, got an array/],
      ['text', /must be a plain object of JSON values, got string/],
      [new Map(), /must be a plain object \(not a class instance\)/],
      [JSON.parse('{"__proto__":{"polluted":true}}'), /must not use the key "__proto__"/],
      [{ when: new Date(0) }, /does not survive a JSON round trip/],
      [{ big: 'x'.repeat(70_000) }, /at most 65536 are kept with a run/],
      [{ n: 10n }, /must be JSON/],
    ];
    for (const [metadata, message] of cases) {
      const error = await runner.run(agent, 'go', { metadata: metadata as Record<string, unknown> }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(/^The run option metadata /);
      expect((error as Error).message).toMatch(message);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('refuses, when the state is written, metadata the application changed into something JSON cannot hold', async () => {
    const state = await paused({ ok: true });
    state.metadata.when = new Date(0);
    expect(() => state.toString()).toThrow(/state\.metadata does not survive a JSON round trip/);
  });

  it('refuses stored metadata that is not an object', async () => {
    const json = JSON.parse((await paused()).toString());
    json.metadata = ['x'];
    expect(() => RunState.fromString(agent, JSON.stringify(json))).toThrow(/The run state's metadata must be a plain object/);
  });
});

describe('state.guardrailDecisions', () => {
  it('keeps the last 200 decisions, messages cut', async () => {
    const state = await paused();
    for (let i = 0; i < 250; i++) state.recordGuardrailDecision({ guardrail: `g${i}`, stage: 'tool_input', outcome: 'reject', agent: 'support', turn: 1, message: 'm'.repeat(5_000) });
    expect(state.guardrailDecisions).toHaveLength(200);
    expect(state.guardrailDecisions[0]!.guardrail).toBe('g50');
    expect(state.guardrailDecisions[0]!.message!.length).toBeLessThanOrEqual(1_001);
    const copy = RunState.fromString(agent, state.toString());
    expect(copy.guardrailDecisions).toEqual(state.guardrailDecisions);
  });

  it('refuses malformed stored decisions', async () => {
    const json = JSON.parse((await paused()).toString());
    json.guardrailDecisions = [{ guardrail: 'g', stage: 'sideways', outcome: 'allow', agent: 'a', turn: 0 }];
    expect(() => RunState.fromString(agent, JSON.stringify(json))).toThrow(/guardrailDecisions\[0\]\.stage must be one of/);
    json.guardrailDecisions = new Array(201).fill({ guardrail: 'g', stage: 'input', outcome: 'allow', agent: 'a', turn: 0 });
    expect(() => RunState.fromString(agent, JSON.stringify(json))).toThrow(/at most 200 are kept/);
  });
});

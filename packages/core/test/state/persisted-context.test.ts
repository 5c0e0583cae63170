import { Agent, RunState, RunStateError, Runner, ScriptedModel, UserError, defineTool, type ToolContext } from '@toolwright/core';

interface ChatContext {
  userId: string;
  tenant: string;
  /** Something a run must not keep: a live connection, a token. */
  session?: { token: string; close(): void };
}

const SECRET = 'state-signing-secret';

/** An agent whose one tool needs approval and reports whom it ran for. */
function refundAgent(seen: Array<ChatContext | undefined>) {
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    needsApproval: true,
    invoke: (ctx: ToolContext<ChatContext>, args: { id: string }) => {
      seen.push(ctx.context);
      return `refunded ${args.id}`;
    },
  });
  return new Agent<ChatContext>({ name: 'support', tools: [refund] });
}

function refundModel() {
  return new ScriptedModel((request) =>
    request.input.some((i) => i.type === 'function_call_output') ? { text: 'done' } : { toolCalls: [{ name: 'refund', arguments: { id: 'o-1' }, callId: 'c1' }] },
  );
}

const alice: ChatContext = { userId: 'alice', tenant: 'acme', session: { token: 'tok-123', close: () => undefined } };
const keepIdentity = (ctx: ChatContext) => ({ userId: ctx.userId, tenant: ctx.tenant });

describe('RunState: the kept slice of the run context', () => {
  it('keeps what persistContext selects in the signed state, and a state read back runs with it as its context', async () => {
    const seen: Array<ChatContext | undefined> = [];
    const agent = refundAgent(seen);
    const runner = new Runner({ model: refundModel() });
    const paused = await runner.run(agent, 'refund o-1', { context: alice, persistContext: keepIdentity });
    expect(paused.status).toBe('interrupted');
    expect(paused.state.persistedContext).toEqual({ userId: 'alice', tenant: 'acme' });
    const text = paused.state.toString({ secret: SECRET });
    expect(text).not.toContain('tok-123');

    // Another process: no side table, the state says whom the run is for.
    const restored = RunState.fromString<ChatContext>(agent, text, { secret: SECRET });
    expect(restored.context).toEqual({ userId: 'alice', tenant: 'acme' });
    restored.approve('c1');
    const resumed = await runner.run(agent, restored);
    expect(resumed.finalOutput).toBe('done');
    expect(seen).toEqual([{ userId: 'alice', tenant: 'acme' }]);
  });

  it('lets the resumer pass its own context, and keeps the original slice when the resumed run sets none', async () => {
    const seen: Array<ChatContext | undefined> = [];
    const agent = refundAgent(seen);
    const model = new ScriptedModel((request) => {
      const outputs = request.input.filter((i) => i.type === 'function_call_output').length;
      return outputs === 0 ? { toolCalls: [{ name: 'refund', arguments: { id: 'o-1' }, callId: 'c1' }] } : outputs === 1 ? { toolCalls: [{ name: 'refund', arguments: { id: 'o-2' }, callId: 'c2' }] } : { text: 'done' };
    });
    const runner = new Runner({ model });
    const first = await runner.run(agent, 'go', { context: alice, persistContext: keepIdentity });
    const state = RunState.fromString<ChatContext>(agent, first.state.toString({ secret: SECRET }), { secret: SECRET });
    state.approve('c1');
    const manager: ChatContext = { userId: 'bob', tenant: 'acme' };
    const second = await runner.run(agent, state, { context: manager });
    expect(seen).toEqual([manager]);
    expect(second.status).toBe('interrupted');
    const again = RunState.fromString<ChatContext>(agent, second.state.toString({ secret: SECRET }), { secret: SECRET });
    expect(again.context).toEqual({ userId: 'alice', tenant: 'acme' });
  });

  it('is set for every run by the Runner option, and is signed: a changed slice is refused', async () => {
    const agent = refundAgent([]);
    const paused = await new Runner({ model: refundModel(), persistContext: keepIdentity }).run(agent, 'go', { context: alice });
    const text = paused.state.toString({ secret: SECRET });
    const envelope = JSON.parse(text) as { payload: string };
    const forged = JSON.stringify({ ...envelope, payload: envelope.payload.replace('"tenant":"acme"', '"tenant":"globex"') });
    expect(forged).not.toBe(text);
    expect(() => RunState.fromString(agent, forged, { secret: SECRET })).toThrow(RunStateError);
  });

  it('keeps nothing by default', async () => {
    const agent = refundAgent([]);
    const paused = await new Runner({ model: refundModel() }).run(agent, 'go', { context: alice });
    expect(paused.state.persistedContext).toBeUndefined();
    expect(JSON.parse(paused.state.toString())).not.toHaveProperty('context');
    expect(RunState.fromString(agent, paused.state.toString()).context).toBeUndefined();
  });

  it('refuses a slice JSON cannot write, or one too large, before the run starts', async () => {
    const model = refundModel();
    const runner = new Runner({ model });
    const agent = refundAgent([]);
    await expect(runner.run(agent, 'go', { context: alice, persistContext: () => ({ n: 1n }) })).rejects.toThrow(UserError);
    await expect(runner.run(agent, 'go', { context: alice, persistContext: () => 'x'.repeat(70_000) })).rejects.toThrow(/at most 65536/);
    expect(model.requests).toHaveLength(0);
  });
});

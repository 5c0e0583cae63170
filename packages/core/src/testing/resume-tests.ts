/**
 * `runner.run(agent, input, { store })` and `runner.resume(agent, runId, { store })` on a store
 * under test: one resume wins, decisions by id, the call ledger and the unfinished-call policy.
 * Crashes are made in-process here by cancelling a resume while its tool runs (the tool never
 * reports back); the packages with real servers also kill child processes with SIGKILL.
 */
import type { FunctionCallOutputItem } from '../items/item';
import type { ScriptedModel } from '../model/scripted-model';
import type { RunStore } from '../stores/run-store';
import type { UnfinishedCallPolicy } from '../stores/ledger-policy';
import type { RunAlreadyClaimedError } from '../stores/run-already-claimed.error';
import type { UnfinishedToolCallError } from '../stores/unfinished-tool-call.error';
import { coreApi } from './core-api';
import { refundAgent, refundModel, settle, sleep, type RefundLog } from './refund-fixtures';
import type { TestGlobals } from './test-globals';

/** Registers the resume tests; `makeStore` is called when each test runs. */
export function describeResumeTests({ describe, it, expect }: TestGlobals, makeStore: () => RunStore): void {
  const { Agent, ModelError, RunAlreadyClaimedError, RunCancelledError, Runner, ScriptedModel, UnfinishedToolCallError, defineTool } = coreApi();
  /** Pauses a refund run in the store and approves it by id; returns what the tests need. */
  async function approvedRun(store: RunStore, log: RefundLog, options: Parameters<typeof refundAgent>[1] = {}) {
    const agent = refundAgent(log, options);
    const paused = await new Runner({ model: refundModel() }).run(agent, 'Refund order A-17', { store });
    expect(paused.status).toBe('interrupted');
    const runId = paused.runId!;
    const callId = paused.interruptions[0]!.callId;
    await store.approve(runId, callId);
    return { agent, runId, callId };
  }

  /** An approved run whose resume was cut off while the refund tool ran (it never reported back). */
  async function crashedRun(store: RunStore, log: RefundLog, options: { retrySafe?: boolean } = {}) {
    let hang = true;
    const run = await approvedRun(store, log, {
      ...options,
      before: (_id, signal) => (hang ? new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })) : Promise.resolve()),
    });
    const controller = new AbortController();
    const resuming = settle(new Runner({ model: refundModel() }).resume(run.agent, run.runId, { store, signal: controller.signal }));
    while ((await store.calls(run.runId)).length === 0) await sleep(5);
    controller.abort();
    const outcome = await resuming;
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(RunCancelledError);
    hang = false;
    return run;
  }

  it('pauses with a run id, takes the approval by id, and resumes exactly once', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    const { agent, runId } = await approvedRun(store, log);
    expect(log.refunds).toEqual([]);
    const done = await new Runner({ model: refundModel() }).resume(agent, runId, { store });
    expect(done.status).toBe('completed');
    expect(done.runId).toBe(runId);
    expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
    const again = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
    expect((again as { error: RunAlreadyClaimedError }).error).toBeInstanceOf(RunAlreadyClaimedError);
    expect((again as { error: RunAlreadyClaimedError }).error.status).toBe('completed');
    expect(log.refunds).toEqual(['A-17:300']);
  });

  it('makes the double refund impossible: eight resumes of one approved run at once refund once', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    const { agent, runId } = await approvedRun(store, log);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => (o as { error: unknown }).error instanceof RunAlreadyClaimedError)).toBe(true);
    expect(log.refunds).toEqual(['A-17:300']);
  });

  it('feeds a rejection by id to the model, and the tool never runs', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    const agent = refundAgent(log);
    const paused = await new Runner({ model: refundModel() }).run(agent, 'Refund order A-17', { store });
    await store.reject(paused.runId!, paused.interruptions[0]!.callId, { message: 'A manager must approve refunds over 200 EUR.' });
    const done = await new Runner({ model: refundModel() }).resume(agent, paused.runId!, { store });
    expect(done.finalOutput).toBe('Done: A manager must approve refunds over 200 EUR.');
    expect(log.refunds).toEqual([]);
  });

  it('keeps the run id when the resumed run pauses again', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    const agent = refundAgent(log);
    const twoRefunds = (): ScriptedModel =>
      new ScriptedModel((request) => {
        const outputs = request.input.filter((i) => i.type === 'function_call_output').length;
        const orderId = outputs === 0 ? 'A-1' : 'A-2';
        if (outputs < 2) return { toolCalls: [{ name: 'refund_order', arguments: { orderId, amount: 10 }, callId: `call_${orderId}` }] };
        return { text: 'Both refunded.' };
      });
    const paused = await new Runner({ model: twoRefunds() }).run(agent, 'Refund A-1 and A-2', { store });
    await store.approve(paused.runId!, paused.interruptions[0]!.callId);
    const second = await new Runner({ model: twoRefunds() }).resume(agent, paused.runId!, { store });
    expect(second.status).toBe('interrupted');
    expect(second.runId).toBe(paused.runId);
    await store.approve(second.runId!, second.interruptions[0]!.callId);
    const done = await new Runner({ model: twoRefunds() }).resume(agent, paused.runId!, { store });
    expect(done.finalOutput).toBe('Both refunded.');
    expect(log.refunds).toEqual(['A-1:10', 'A-2:10']);
  });

  it('stores a streamed run that pauses, too', async () => {
    const store = makeStore();
    const stream = new Runner({ model: refundModel() }).stream(refundAgent({ refunds: [] }), 'Refund order A-17', { store });
    for await (const event of stream) void event;
    const result = await stream.result;
    expect((await store.inspect(result.runId!)).status).toBe('paused');
  });

  describe('after a resume stopped while a non-idempotent call ran', () => {
    it('fails by default, names the call, runs nothing and gives the run back', async () => {
      const store = makeStore();
      const log: RefundLog = { refunds: [] };
      const { agent, runId, callId } = await crashedRun(store, log);
      const outcome = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
      const error = (outcome as { error: UnfinishedToolCallError }).error;
      expect(error).toBeInstanceOf(UnfinishedToolCallError);
      expect(error.calls).toEqual([expect.objectContaining({ runId, callId, toolName: 'refund_order', attempts: 1 })]);
      expect(error.message).toContain('refund_order');
      expect(log.refunds).toEqual([]);
      expect((await store.inspect(runId)).status).toBe('paused');
    });

    const policies: Array<[UnfinishedCallPolicy, string[], string]> = [
      ['retry', ['A-17:300'], 'Done: Refunded 300 EUR on order A-17.'],
      ['report', [], 'Done: The call to "refund_order" was interrupted'],
    ];
    for (const [policy, refunds, answer] of policies) it(`${policy}: applies the policy`, async () => {
      const store = makeStore();
      const log: RefundLog = { refunds: [] };
      const { agent, runId } = await crashedRun(store, log);
      const done = await new Runner({ model: refundModel() }).resume(agent, runId, { store, unfinishedCalls: policy });
      expect(done.status).toBe('completed');
      expect(String(done.finalOutput).startsWith(answer)).toBe(true);
      expect(log.refunds).toEqual(refunds);
    });

    it('approve: pauses again with the call waiting for a person, and runs it once approved', async () => {
      const store = makeStore();
      const log: RefundLog = { refunds: [] };
      const { agent, runId, callId } = await crashedRun(store, log);
      const asked = await new Runner({ model: refundModel() }).resume(agent, runId, { store, unfinishedCalls: 'approve' });
      expect(asked.status).toBe('interrupted');
      expect(asked.interruptions.map((r) => r.callId)).toEqual([callId]);
      expect((await store.inspect(runId)).interruptions.map((r) => r.callId)).toEqual([callId]);
      expect(log.refunds).toEqual([]);
      await store.approve(runId, callId);
      const done = await new Runner({ model: refundModel() }).resume(agent, runId, { store });
      expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
      expect(log.refunds).toEqual(['A-17:300']);
    });

    it('retries a retrySafe tool by default', async () => {
      const store = makeStore();
      const log: RefundLog = { refunds: [] };
      const { agent, runId } = await crashedRun(store, log, { retrySafe: true });
      await new Runner({ model: refundModel() }).resume(agent, runId, { store });
      expect(log.refunds).toEqual(['A-17:300']);
    });
  });

  it('reuses a finished call\'s recorded output when the resume failed after it, without invoking the tool again', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    const { agent, runId } = await approvedRun(store, log);
    const failing = new ScriptedModel((request) => {
      if (request.input.some((i) => i.type === 'function_call_output')) throw new Error('the model provider is down');
      return { text: 'unreachable' };
    });
    const failed = await settle(new Runner({ model: failing }).resume(agent, runId, { store }));
    expect((failed as { error: unknown }).error).toBeInstanceOf(ModelError);
    expect(log.refunds).toEqual(['A-17:300']);
    expect((await store.calls(runId)).map((c) => c.status)).toEqual(['finished']);
    const model = refundModel();
    const done = await new Runner({ model }).resume(agent, runId, { store });
    expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
    expect(log.refunds).toEqual(['A-17:300']);
  });

  it('checkpoints a later batch before its first ledgered call, so a crash there resumes that batch, not a new model turn', async () => {
    const store = makeStore();
    const refunds: string[] = [];
    let hang = true;
    const refund = defineTool({
      name: 'refund_order',
      description: 'Refund an order.',
      parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      needsApproval: (_ctx, args: { orderId: string }) => args.orderId === 'A-1',
      idempotent: false,
      invoke: async (ctx, { orderId }: { orderId: string }) => {
        if (orderId === 'B-2' && hang) await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }));
        refunds.push(orderId);
        return `refunded ${orderId}`;
      },
    });
    const agent = new Agent({ name: 'support', tools: [refund] });
    const model = () =>
      new ScriptedModel((request) => {
        const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
        const orderId = outputs.length === 0 ? 'A-1' : 'B-2';
        if (outputs.length < 2) return { toolCalls: [{ name: 'refund_order', arguments: { orderId }, callId: `call_${orderId}` }] };
        return { text: `Outputs: ${outputs.map((o) => o.output).join(' | ')}` };
      });
    const paused = await new Runner({ model: model() }).run(agent, 'Refund A-1 then B-2', { store });
    await store.approve(paused.runId!, paused.interruptions[0]!.callId);
    const controller = new AbortController();
    const cut = settle(new Runner({ model: model() }).resume(agent, paused.runId!, { store, signal: controller.signal }));
    while ((await store.calls(paused.runId!)).length < 2) await sleep(5);
    controller.abort();
    await cut;
    hang = false;
    const recovering = model();
    const done = await new Runner({ model: recovering }).resume(agent, paused.runId!, { store, unfinishedCalls: 'retry' });
    // The checkpoint held B-2's batch: the model was asked only for the final answer.
    expect(recovering.requests).toHaveLength(1);
    expect(done.finalOutput).toBe('Outputs: refunded A-1 | refunded B-2');
    expect(refunds).toEqual(['A-1', 'B-2']);
  });

  it('stops a resume whose claim was taken over, and the new holder sees the call unfinished', async () => {
    const store = makeStore();
    const log: RefundLog = { refunds: [] };
    let release!: () => void;
    const { agent, runId } = await approvedRun(store, log, { before: (_id, signal) => new Promise<void>((resolve, reject) => {
      release = resolve;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }) });
    const resuming = settle(new Runner({ model: refundModel() }).resume(agent, runId, { store, leaseMs: 300 }));
    while ((await store.calls(runId)).length === 0) await sleep(5);
    await store.release(runId);
    const thief = await store.claim(runId, { leaseMs: 60_000 });
    const outcome = await resuming;
    release();
    // Stopped either way: by the takeover (RunAlreadyClaimedError), or — when a renewal of the
    // lease fell between the release and the new claim, as on a loaded machine — by the release.
    const error = (outcome as { error: unknown }).error;
    const released = error instanceof Error && /^The claim on run .* was released/.test(error.message);
    if (!released) expect(error).toBeInstanceOf(RunAlreadyClaimedError);
    expect(log.refunds).toEqual([]);
    expect((await store.calls(runId)).map((c) => c.status)).toEqual(['started']);
    await store.release(runId, thief);
  });

  it('ledgers every tool with the runner option ledger: "all", and only idempotent: false tools by default', async () => {
    const store = makeStore();
    const begun: string[] = [];
    const spy = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key === 'beginCall') return (claim: never, callId: string, toolName: string) => (begun.push(toolName), target.beginCall(claim, callId, toolName));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const log: RefundLog = { refunds: [] };
    const lookup = defineTool({ name: 'lookup_order', description: 'Look an order up.', parameters: { type: 'object', properties: {}, required: [] }, invoke: () => 'paid' });
    const agent = new Agent({ name: 'support', tools: [refundAgent(log).tools, lookup] });
    const model = () =>
      new ScriptedModel((request) =>
        request.input.some((i) => i.type === 'function_call_output')
          ? { text: 'ok' }
          : { toolCalls: [{ name: 'lookup_order', arguments: {}, callId: 'call_lookup' }, { name: 'refund_order', arguments: { orderId: 'A-17', amount: 1 }, callId: 'call_refund' }] },
      );
    for (const [runner, expected] of [[new Runner({ model: model() }), ['refund_order']], [new Runner({ model: model(), ledger: 'all' }), ['lookup_order', 'refund_order']]] as const) {
      begun.length = 0;
      const paused = await runner.run(agent, 'go', { store: spy });
      await spy.approve(paused.runId!, paused.interruptions[0]!.callId);
      await runner.resume(agent, paused.runId!, { store: spy });
      expect(begun.sort()).toEqual(expected);
    }
  });
}

/**
 * The save, claim, decision, call-ledger and list tests of the RunStore contract (see
 * run-store-contract.ts).
 */
import type { RunStore } from '../stores/run-store';
import type { RunAlreadyClaimedError } from '../stores/run-already-claimed.error';
import { coreApi } from './core-api';
import { completedState, pausedRefund, refundAgent, refundModel, settle, sleep, type RefundLog } from './refund-fixtures';
import type { TestGlobals } from './test-globals';

/** The options the suite asks a store for (pass them on to the store's constructor). */
export interface StoreFactoryOptions {
  secret?: string;
  /** The heartbeat of running runs' records (`RunStoreOptions.recordHeartbeatMs`). */
  recordHeartbeatMs?: number;
}

/** How the suite gets stores of the backend under test. */
export interface StoreFactory {
  /**
   * A new store object; with `shared`, every store made here reads and writes the same data.
   * Pass the options on: `new MyStore({ ...options, secret: options.secret ?? CONTRACT_SECRET })`.
   */
  make(options?: StoreFactoryOptions): RunStore;
}

/**
 * Registers the store tests; `factory` is read when each test runs. `shared`: store objects made
 * by the factory share their runs (a server-backed store), which adds the tests between them.
 */
export function describeStoreTests({ describe, it, expect }: TestGlobals, factory: () => StoreFactory, { shared }: { shared: boolean }): void {
  const { RunAlreadyClaimedError, RunNotFoundError, RunStateError, Runner, UserError } = coreApi();
  const log: RefundLog = { refunds: [] };
  const agent = refundAgent(log);
  const store = (): RunStore => factory().make();

  describe('save and load', () => {
    it('stores a paused state and loads it back (same conversation, pending call, a fresh state id)', async () => {
      const s = store();
      const paused = await pausedRefund(agent);
      const id = await s.save(paused.state);
      expect(typeof id).toBe('string');
      const loaded = await s.load(agent, id);
      expect(loaded.history).toEqual(paused.state.history);
      expect(loaded.interruptions.map((r) => [r.callId, r.toolName, r.arguments])).toEqual([[paused.interruptions[0]!.callId, 'refund_order', { orderId: 'A-17', amount: 300 }]]);
      expect(loaded.status).toBe('interrupted');
      expect(loaded.id).not.toBe(paused.state.id);
      expect((await s.list({ status: 'paused' })).map((r) => r.id)).toContain(id);
    });

    it('refuses a state that is not paused', async () => {
      await expect(store().save(await completedState(agent))).rejects.toThrow(UserError);
    });

    it('answers RunNotFoundError for an unknown id, and UserError for an id no store could hold', async () => {
      const s = store();
      await expect(s.load(agent, 'no-such-run')).rejects.toBeInstanceOf(RunNotFoundError);
      await expect(s.claim('no-such-run')).rejects.toBeInstanceOf(RunNotFoundError);
      await expect(s.inspect('no-such-run')).rejects.toBeInstanceOf(RunNotFoundError);
      await expect(s.approve('no-such-run', 'call_1')).rejects.toBeInstanceOf(RunNotFoundError);
      await expect(s.claim('')).rejects.toBeInstanceOf(UserError);
      await expect(s.claim('x'.repeat(1_000_000))).rejects.toBeInstanceOf(UserError);
    });

    it('forgets a run once its ttl has passed', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state, { ttlMs: 150 });
      await sleep(400);
      await expect(s.load(agent, id)).rejects.toBeInstanceOf(RunNotFoundError);
      await expect(s.claim(id)).rejects.toBeInstanceOf(RunNotFoundError);
      expect((await s.list()).map((r) => r.id)).not.toContain(id);
      expect(await s.purgeExpired()).toBeGreaterThanOrEqual(0);
    });

    it('refuses a ttl or lease that is not a positive whole number of milliseconds', async () => {
      const s = store();
      const state = (await pausedRefund(agent)).state;
      await expect(s.save(state, { ttlMs: 0 })).rejects.toBeInstanceOf(UserError);
      await expect(s.save(state, { ttlMs: Number.NaN })).rejects.toBeInstanceOf(UserError);
      const id = await s.save(state);
      await expect(s.claim(id, { leaseMs: -5 })).rejects.toBeInstanceOf(UserError);
    });
  });

  describe('claim', () => {
    it('has exactly one winner among concurrent callers; the others learn when the winner claimed', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state);
      const outcomes = await Promise.all(Array.from({ length: 12 }, () => settle(s.claim(id))));
      const won = outcomes.filter((o) => o.ok);
      expect(won).toHaveLength(1);
      const claim = (won[0] as { value: Awaited<ReturnType<RunStore['claim']>> }).value;
      expect(claim).toMatchObject({ runId: id, attempt: 1 });
      expect(claim.leaseExpiresAt).toBeGreaterThan(claim.claimedAt);
      for (const lost of outcomes.filter((o) => !o.ok)) {
        const error = (lost as { error: unknown }).error as RunAlreadyClaimedError;
        expect(error).toBeInstanceOf(RunAlreadyClaimedError);
        expect(error.status).toBe('claimed');
        expect(error.claimedAt).toBe(claim.claimedAt);
        expect(error.message).toContain(new Date(claim.claimedAt).toISOString());
      }
    });

    it('can be claimed again once the lease expired; the old claim can no longer write', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state);
      const first = await s.claim(id, { leaseMs: 150 });
      await expect(s.claim(id)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      await sleep(400);
      const second = await s.claim(id, { leaseMs: 60_000 });
      expect(second.attempt).toBe(2);
      await expect(s.renew(first)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      await expect(s.complete(id, first)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      await expect(s.beginCall(first, '1:call_x', 'refund_order')).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      await s.complete(id, second);
    });

    it('renews a lease', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state);
      const claim = await s.claim(id, { leaseMs: 200 });
      const renewed = await s.renew(claim, { leaseMs: 60_000 });
      expect(renewed.token).toBe(claim.token);
      expect(renewed.leaseExpiresAt).toBeGreaterThan(claim.leaseExpiresAt);
      await sleep(400);
      await expect(s.claim(id)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
    });

    it('release gives the run back at once; complete ends it for good', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state);
      const claim = await s.claim(id);
      await s.release(id, claim);
      expect((await s.inspect(id)).status).toBe('paused');
      const again = await s.claim(id);
      expect(again.attempt).toBe(2);
      await s.complete(id, again);
      const late = await settle(s.claim(id));
      expect(late.ok).toBe(false);
      expect((late as { error: RunAlreadyClaimedError }).error).toBeInstanceOf(RunAlreadyClaimedError);
      expect((late as { error: RunAlreadyClaimedError }).error.status).toBe('completed');
      await expect(s.load(agent, id)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      expect((await s.list({ status: 'completed' })).map((r) => r.id)).toContain(id);
    });
  });

  describe('saving under a claim', () => {
    it('a run that pauses again is saved onto the same id, released, with earlier decisions dropped', async () => {
      const s = store();
      const first = await pausedRefund(agent);
      const id = await s.save(first.state);
      await s.approve(id, first.interruptions[0]!.callId);
      const claim = await s.claim(id);
      const second = await pausedRefund(agent, 'B-2', 40);
      expect(await s.save(second.state, { claim })).toBe(id);
      const info = await s.inspect(id);
      expect(info.status).toBe('paused');
      expect(info.decisions).toEqual({});
      expect(info.interruptions.map((r) => r.arguments)).toEqual([{ orderId: 'B-2', amount: 40 }]);
      await expect(s.save(second.state, { claim })).rejects.toBeInstanceOf(UserError);
    });
  });

  describe('decisions by id', () => {
    it('records an approval without the history and applies it on load', async () => {
      const s = store();
      const paused = await pausedRefund(agent);
      const id = await s.save(paused.state);
      const callId = paused.interruptions[0]!.callId;
      const info = await s.inspect(id);
      expect(info).toMatchObject({ id, status: 'paused', attempts: 0, interruptions: [{ callId, toolName: 'refund_order', arguments: { orderId: 'A-17', amount: 300 }, agent: 'support' }] });
      expect(info).not.toHaveProperty('history');
      await s.approve(id, callId, { arguments: { orderId: 'A-17', amount: 250 } });
      expect((await s.inspect(id)).decisions).toEqual({ [callId]: { approved: true, arguments: { orderId: 'A-17', amount: 250 } } });
      const loaded = await s.load(agent, id);
      await new Runner({ model: refundModel() }).run(agent, loaded);
      expect(log.refunds).toContain('A-17:250');
    });

    it('records a rejection with its message', async () => {
      const s = store();
      const paused = await pausedRefund(agent);
      const id = await s.save(paused.state);
      const callId = paused.interruptions[0]!.callId;
      await s.reject(id, callId, { message: 'Needs a manager.' });
      const done = await new Runner({ model: refundModel() }).run(agent, await s.load(agent, id));
      expect(done.finalOutput).toBe('Done: Needs a manager.');
    });

    it('refuses a decision on a call that is not pending, one too large to store, and one on a run being resumed', async () => {
      const s = store();
      const paused = await pausedRefund(agent);
      const id = await s.save(paused.state);
      await expect(s.approve(id, 'call_nope')).rejects.toBeInstanceOf(RunStateError);
      await expect(s.approve(id, 'x'.repeat(1_000_000))).rejects.toBeInstanceOf(RunStateError);
      const callId = paused.interruptions[0]!.callId;
      await expect(s.reject(id, callId, { message: 'm'.repeat(70_000) })).rejects.toBeInstanceOf(UserError);
      await expect(s.approve(id, callId, { arguments: { orderId: 'x'.repeat(1_100_000), amount: 1 } })).rejects.toBeInstanceOf(UserError);
      await expect(s.approve(id, callId, { arguments: { self: globalThis } })).rejects.toThrow();
      await s.claim(id);
      await expect(s.approve(id, paused.interruptions[0]!.callId)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
    });
  });

  describe('the call ledger', () => {
    it('records a start once, then the finish, attempts on restart, and forgets on request', async () => {
      const s = store();
      const id = await s.save((await pausedRefund(agent)).state);
      const claim = await s.claim(id);
      expect(await s.beginCall(claim, '1:call_a', 'refund_order')).toBeUndefined();
      expect(await s.beginCall(claim, '1:call_a', 'refund_order')).toMatchObject({ callId: '1:call_a', status: 'started', attempts: 1 });
      await s.restartCall(claim, '1:call_a');
      expect((await s.calls(id)).find((c) => c.callId === '1:call_a')).toMatchObject({ status: 'started', attempts: 2 });
      const output = { kind: 'result' as const, result: { content: [{ type: 'input_text', text: 'Refunded 300 EUR.' }], details: { ok: true } } };
      await s.finishCall(id, '1:call_a', output);
      expect(await s.beginCall(claim, '1:call_a', 'refund_order')).toMatchObject({ status: 'finished', toolName: 'refund_order', output });
      expect(await s.beginCall(claim, '1:call_b', 'refund_order')).toBeUndefined();
      await s.forgetCall(id, '1:call_b');
      expect((await s.calls(id)).map((c) => c.callId)).toEqual(['1:call_a']);
      await s.complete(id, claim);
      expect(await s.calls(id)).toEqual([]);
    });
  });

  describe('list', () => {
    it('filters by status and age, oldest update first, and honours the limit', async () => {
      const s = store();
      const a = await s.save((await pausedRefund(agent)).state);
      const b = await s.save((await pausedRefund(agent)).state);
      await sleep(300);
      const c = await s.save((await pausedRefund(agent)).state);
      await s.claim(b);
      const old = (await s.list({ olderThanMs: 250 })).map((r) => r.id);
      expect(old).toContain(a);
      expect(old).not.toContain(b);
      expect(old).not.toContain(c);
      const claimed = await s.list({ status: 'claimed' });
      expect(claimed.map((r) => r.id)).toContain(b);
      expect(claimed.every((r) => r.status === 'claimed')).toBe(true);
      const all = await s.list();
      const positions = [a, c].map((id) => all.findIndex((r) => r.id === id));
      expect(positions[0]).toBeLessThan(positions[1]!);
      expect(await s.list({ limit: 1 })).toHaveLength(1);
    });
  });

  if (!shared) return;
  describe('between store objects', () => {
    it('a run saved through one store object is claimed once across all of them', async () => {
      const f = factory();
      const [one, two, three] = [f.make(), f.make(), f.make()];
      const id = await one.save((await pausedRefund(agent)).state);
      const outcomes = await Promise.all([one, two, three, two, three].map((s) => settle(s.claim(id))));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    });

    it('refuses to load a state signed with another secret', async () => {
      const f = factory();
      const id = await f.make().save((await pausedRefund(agent)).state);
      await expect(f.make({ secret: 'another-secret-0123456789abcdef' }).load(agent, id)).rejects.toThrow(RunStateError);
    });
  });
}

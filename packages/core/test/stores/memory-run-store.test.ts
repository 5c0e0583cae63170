import { MemoryRunStore, RunStateError, UserError } from '@toolwright/core';
import { runStoreKit } from '@toolwright/core/extend';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';
import { pausedRefund, refundAgent } from '../../../../test-support/run-stores/fixtures';

describe('MemoryRunStore', () => {
  runStoreContract(() => ({ make: (options = {}) => new MemoryRunStore({ ...options, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: false });

  it('needs no secret (it makes one), but refuses a short one', () => {
    expect(() => new MemoryRunStore()).not.toThrow();
    expect(() => new MemoryRunStore({ secret: 'short' })).toThrow(UserError);
    expect(() => new MemoryRunStore({ secret: CONTRACT_SECRET, defaultLeaseMs: 0 })).toThrow(UserError);
  });

  it('hands out copies: changing what load returns changes nothing stored', async () => {
    const store = new MemoryRunStore();
    const agent = refundAgent({ refunds: [] });
    const id = await store.save((await pausedRefund(agent)).state);
    const first = await store.load(agent, id);
    first.history.push({ type: 'message', role: 'user', content: 'injected' });
    expect((await store.load(agent, id)).history).toHaveLength(first.history.length - 1);
  });

  it('refuses a decision signed for another run, revision or call (the codec every store uses binds it to all three)', () => {
    // Someone with write access to the stored data could move run A's signed decision onto run B.
    const signed = runStoreKit.encodeDecision(CONTRACT_SECRET, 'run-a', 'rev-1', 'call_1', { approved: true });
    expect(runStoreKit.decodeDecision(CONTRACT_SECRET, 'run-a', 'rev-1', 'call_1', signed)).toEqual({ approved: true });
    expect(() => runStoreKit.decodeDecision(CONTRACT_SECRET, 'run-b', 'rev-1', 'call_1', signed)).toThrow(RunStateError);
    expect(() => runStoreKit.decodeDecision(CONTRACT_SECRET, 'run-a', 'rev-2', 'call_1', signed)).toThrow(RunStateError);
    expect(() => runStoreKit.decodeDecision(CONTRACT_SECRET, 'run-a', 'rev-1', 'call_2', signed)).toThrow(RunStateError);
  });
});

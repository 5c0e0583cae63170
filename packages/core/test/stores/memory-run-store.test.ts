import { MemoryRunStore, RunStateError, UserError } from '@toolwright/core';
import { CONTRACT_SECRET, describeRunStoreContract } from '../../../../test-support/run-stores/contract';
import { describeResumeContract } from '../../../../test-support/run-stores/resume-contract';
import { pausedRefund, refundAgent } from '../../../../test-support/run-stores/fixtures';

describe('MemoryRunStore', () => {
  describe('meets the RunStore contract', () => {
    describeRunStoreContract(() => ({ make: (options = {}) => new MemoryRunStore({ secret: options.secret ?? CONTRACT_SECRET }) }), { shared: false });
  });

  describe('resumes through the runner', () => {
    describeResumeContract(() => new MemoryRunStore());
  });

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

  it('refuses a decision signed for another run', async () => {
    const store = new MemoryRunStore({ secret: CONTRACT_SECRET });
    const agent = refundAgent({ refunds: [] });
    const a = await pausedRefund(agent);
    const b = await pausedRefund(agent);
    const idA = await store.save(a.state);
    const idB = await store.save(b.state);
    await store.approve(idA, a.interruptions[0]!.callId);
    // Move A's stored decision onto B, as someone with write access to the data could.
    const runs = (store as unknown as { runs: Map<string, { decisions: Map<string, string> }> }).runs;
    runs.get(idB)!.decisions.set(b.interruptions[0]!.callId, runs.get(idA)!.decisions.get(a.interruptions[0]!.callId)!);
    await expect(store.load(agent, idB)).rejects.toThrow(RunStateError);
  });
});

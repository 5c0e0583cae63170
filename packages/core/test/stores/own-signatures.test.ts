import { RunStateError } from '@toolwright/core';
import { runStoreKit } from '@toolwright/core/extend';
import { rememberOwnSignature, takeOwnPayload } from '../../src/stores/own-signatures';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { pausedRefund, refundAgent } from '../../../../test-support/run-stores/fixtures';

const OTHER_SECRET = 'another-secret-0123456789abcdef';

describe('own signatures (a store reading back what this process just signed)', () => {
  it('hands back the payload once, only for the exact text, run, revision and secret', () => {
    const entry = { secret: CONTRACT_SECRET, signed: '{"p":"{}","s":"00"}', payload: '{}' };
    rememberOwnSignature('run-1', 'rev-1', entry);
    expect(takeOwnPayload(CONTRACT_SECRET, 'run-1', 'rev-1', '{"p":"{}","s":"00"}')).toBe('{}');
    expect(takeOwnPayload(CONTRACT_SECRET, 'run-1', 'rev-1', '{"p":"{}","s":"00"}')).toBeUndefined();

    for (const [secret, runId, revision, signed] of [
      [OTHER_SECRET, 'run-2', 'rev-2', entry.signed],
      [CONTRACT_SECRET, 'run-2', 'rev-2', '{"p":"{ }","s":"00"}'],
      [CONTRACT_SECRET, 'run-3', 'rev-2', entry.signed],
      [CONTRACT_SECRET, 'run-2', 'rev-3', entry.signed],
    ] as const) {
      rememberOwnSignature('run-2', 'rev-2', entry);
      expect(takeOwnPayload(secret, runId, revision, signed)).toBeUndefined();
    }
  });

  it('keeps a bounded number of texts, dropping the oldest first', () => {
    const entry = { secret: CONTRACT_SECRET, signed: 'signed', payload: 'payload' };
    for (let i = 0; i < 1_000; i++) rememberOwnSignature(`run-${i}`, 'rev', entry);
    expect(takeOwnPayload(CONTRACT_SECRET, 'run-0', 'rev', 'signed')).toBeUndefined();
    expect(takeOwnPayload(CONTRACT_SECRET, 'run-999', 'rev', 'signed')).toBe('payload');
  });

  it('still verifies a text this process just signed when it is read with another secret, or changed', async () => {
    const agent = refundAgent({ refunds: [] });
    const { state } = await pausedRefund(agent);
    const read = (id: string, e: { revision: string; state: string }, secret: string) =>
      runStoreKit.decodeRun(agent, id, { revision: e.revision, state: e.state, decisions: {} }, secret);

    const a = runStoreKit.encodeRun(state, 'run-a', CONTRACT_SECRET, false);
    expect(() => read('run-a', a, OTHER_SECRET)).toThrow(RunStateError);
    const b = runStoreKit.encodeRun(state, 'run-b', CONTRACT_SECRET, false);
    expect(() => read('run-b', { ...b, state: b.state.replace('A-17', 'A-18') }, CONTRACT_SECRET)).toThrow(RunStateError);
    const c = runStoreKit.encodeRun(state, 'run-c', CONTRACT_SECRET, false);
    expect(read('run-c', c, CONTRACT_SECRET).interruptions).toHaveLength(1);
  });
});

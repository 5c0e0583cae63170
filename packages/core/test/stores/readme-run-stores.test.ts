// The core README's "Run stores" examples, run as written there (between the `README:` markers);
// the lines around them supply `agent` and `runner` and check the outcome.
import { MemoryRunStore, Runner } from '@toolwright/core';
import { refundAgent, refundModel, type RefundLog } from '../../../../test-support/run-stores/fixtures';

describe('core README: Run stores', () => {
  it('pauses with a run id, decides by id without the history, and resumes once', async () => {
    const log: RefundLog = { refunds: [] };
    const agent = refundAgent(log);
    const runner = new Runner({ model: refundModel() });

    // README: Run stores
    const store = new MemoryRunStore();        // in-process; PostgresRunStore / RedisRunStore across replicas
    const paused = await runner.run(agent, 'Refund order A-17', { store });
    // paused.status === 'interrupted'; paused.runId names the stored run
    const pending = (await store.inspect(paused.runId!)).interruptions;   // no history loaded
    await store.approve(paused.runId!, pending[0].callId);               // or store.reject(id, callId, { message })
    const done = await runner.resume(agent, paused.runId!, { store });   // claims, loads, runs, completes
    // End README.

    expect(paused.status).toBe('interrupted');
    expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
    expect(log.refunds).toEqual(['A-17:300']);
  });
});

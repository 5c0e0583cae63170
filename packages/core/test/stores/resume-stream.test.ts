import { MemoryRunStore, RunAlreadyClaimedError, Runner, type RunEvent } from '@toolwright/core';
import { refundAgent, refundModel, type RefundLog } from '../../../../test-support/run-stores/fixtures';

describe('runner.resumeStream (a run resumed from a store, streamed)', () => {
  it('streams the resumed run\'s events as stream does, and completes the stored run once', async () => {
    const log: RefundLog = { refunds: [] };
    const agent = refundAgent(log);
    const runner = new Runner({ model: refundModel() });
    const store = new MemoryRunStore();
    const paused = await runner.run(agent, 'Refund order A-17', { store });
    const [pending] = (await store.inspect(paused.runId!)).interruptions;
    await store.approve(paused.runId!, pending!.callId);

    const stream = runner.resumeStream(agent, paused.runId!, { store });
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    const done = await stream.result;

    // The approved call's output, the model's streamed answer, then run_completed last.
    const kinds = events.map((e) => e.type).filter((type) => type !== 'model_delta');
    expect(kinds).toEqual(['tool_output', 'message', 'run_completed']);
    expect(events.some((e) => e.type === 'model_delta')).toBe(true);
    expect(events[0]).toMatchObject({ type: 'tool_output', toolName: 'refund_order', callId: pending!.callId });
    expect(done.status).toBe('completed');
    expect(done.runId).toBe(paused.runId);
    expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
    expect(log.refunds).toEqual(['A-17:300']);
    // Completed: a second resume is refused, and the stream says so.
    const again = runner.resumeStream(agent, paused.runId!, { store });
    await expect((async () => {
      for await (const event of again) void event;
    })()).rejects.toThrow();
    await expect(again.result).rejects.toThrow();
  });

  it('ends the iteration with the error when the run is claimed by another replica', async () => {
    const log: RefundLog = { refunds: [] };
    const agent = refundAgent(log);
    const runner = new Runner({ model: refundModel() });
    const store = new MemoryRunStore();
    const paused = await runner.run(agent, 'Refund order A-17', { store });
    await store.claim(paused.runId!);
    const stream = runner.resumeStream(agent, paused.runId!, { store });
    await expect((async () => {
      for await (const event of stream) void event;
    })()).rejects.toBeInstanceOf(RunAlreadyClaimedError);
    await expect(stream.result).rejects.toBeInstanceOf(RunAlreadyClaimedError);
    expect(log.refunds).toEqual([]);
  });
});

import { Agent, MemoryRunStore, Runner, ScriptedModel, defineTool, type RunRecord } from '@toolwright/core';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { refundAgent, refundModel } from '../../../../test-support/run-stores/fixtures';

/** A memory store that keeps a copy of every record the runner writes. */
class CountingStore extends MemoryRunStore {
  readonly writes: RunRecord[] = [];
  override recordRun(record: RunRecord): Promise<void> {
    this.writes.push(structuredClone(record));
    return super.recordRun(record);
  }
}

const echo = defineTool({
  name: 'echo',
  description: 'Echo.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  invoke: (_ctx, args: { text: string }) => args.text,
});

describe("a run's record is written once per change", () => {
  it('a run that completes: its end is written once, with the events before it', async () => {
    const store = new CountingStore({ secret: CONTRACT_SECRET });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'done' }]);
    await new Runner({ model }).run(new Agent({ name: 'writer', tools: [echo] }), 'go', { store });
    const ended = store.writes.filter((record) => record.status === 'completed');
    expect(ended).toHaveLength(1);
    expect(store.writes[store.writes.length - 1]).toBe(ended[0]);
    const view = await store.getRunView(ended[0]!.id);
    expect(view?.run).toMatchObject({ status: 'completed', eventCount: view!.events.length });
    expect(view!.events.map((event) => event.type)).toEqual(['run_started', 'tool_called', 'tool_output', 'message', 'run_completed']);
  });

  it('a run that pauses: its pause and its run id are each written once', async () => {
    const store = new CountingStore({ secret: CONTRACT_SECRET });
    const paused = await new Runner({ model: refundModel() }).run(refundAgent({ refunds: [] }), 'Refund order A-17', { store });
    expect(paused.status).toBe('interrupted');
    const pauses = store.writes.filter((record) => record.status === 'paused');
    // The pause, then the same record linked to the stored run's id; nothing after.
    expect(pauses.map((record) => record.runId)).toEqual([undefined, paused.runId]);
    expect(store.writes[store.writes.length - 1]).toBe(pauses[1]);
  });
});

/**
 * The run-record tests of the RunStore contract, for stores that keep runs with their timeline
 * (`RunRecords`, see run-store-contract.ts).
 */
import type { RunStore } from '../stores/run-store';
import type { RunRecord } from '../run-records/run-record';
import type { RunRecords } from '../run-records/run-records';
import { coreApi } from './core-api';
import { refundAgent, refundModel, type RefundLog } from './refund-fixtures';
import type { StoreFactoryOptions } from './store-tests';
import type { TestGlobals } from './test-globals';

type RecordingStore = RunStore & RunRecords;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Registers the run-record tests; `make` is called when each test runs (with the options a test needs). */
export function describeRecordTests({ describe, it, expect }: TestGlobals, make: (options?: StoreFactoryOptions) => RecordingStore): void {
  const { Agent, Runner, ScriptedModel, defineTool, UserError } = coreApi();
  const log: RefundLog = { refunds: [] };
  const agent = refundAgent(log);
  const unique = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  describe('run records', () => {
    it('records a paused run from its start under its run id, then its resume to completion with one timeline', async () => {
      const store = make();
      const orderId = `R-${unique()}`;
      const runner = new Runner({ model: refundModel(orderId, 12) });
      const paused = await runner.run(agent, `Refund order ${orderId}`, { store });
      expect(paused.status).toBe('interrupted');
      const view = await store.getRunView(paused.runId!);
      expect(view?.run).toMatchObject({ status: 'paused', runId: paused.runId, agent: 'support', pendingApprovals: 1 });
      expect(view!.events.map((e) => e.type)).toEqual(['run_started', 'tool_called', 'approval_required', 'run_paused']);
      expect(view!.events[1]).toMatchObject({ toolName: 'refund_order', callId: `call_refund_${orderId}` });
      expect(JSON.parse(view!.events[1]!.text!)).toEqual({ orderId, amount: 12 });

      await store.approve(paused.runId!, `call_refund_${orderId}`);
      const done = await runner.resume(agent, paused.runId!, { store });
      expect(done.status).toBe('completed');
      const after = await store.getRunView(view!.run.id);
      expect(after?.run).toMatchObject({ id: view!.run.id, status: 'completed', pendingApprovals: 0 });
      expect(after!.run.usage).not.toBeUndefined();
      const types = after!.events.map((e) => e.type);
      expect(types.slice(4)).toEqual(['run_resumed', 'tool_output', 'message', 'run_completed']);
      expect(after!.events.map((e) => e.seq)).toEqual(after!.events.map((_, i) => i + 1));
      expect(after!.events.find((e) => e.type === 'tool_output')).toMatchObject({ callId: `call_refund_${orderId}`, text: `Refunded 12 EUR on order ${orderId}.` });
      const later = await store.getRunView(paused.runId!, { afterSeq: 6 });
      expect(later!.events.map((e) => e.seq)).toEqual([7, 8]);
    });

    it('records a run that completes without pausing, and one that fails with its error', async () => {
      const store = make();
      const name = `agent-${unique()}`;
      const echo = defineTool({ name: 'echo', description: 'Echo.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, invoke: (_ctx, a: { text: string }) => a.text.repeat(10_000) });
      const ok = new Agent({ name, tools: [echo] });
      await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'abcdefgh' } }] }, { text: 'fine' }]) }).run(ok, 'go', { store });
      const failing = new Agent({ name, tools: [echo] });
      const failed = new Runner({ model: new ScriptedModel(() => { throw new Error('the model is down'); }) }).run(failing, 'go', { store });
      await expect(failed).rejects.toThrow('the model is down');
      const page = await store.listRuns({ agent: name });
      expect(page.runs.map((r) => r.status).sort()).toEqual(['completed', 'failed']);
      const failedRun = page.runs.find((r) => r.status === 'failed')!;
      expect(failedRun.error).toMatch(/the model is down/);
      const completed = await store.getRunView(page.runs.find((r) => r.status === 'completed')!.id);
      const output = completed!.events.find((e) => e.type === 'tool_output')!;
      // 80,000 characters of output are kept bounded, with their full length.
      expect(output.fullLength).toBe(80_000);
      expect(output.text!.length).toBeLessThan(20_000);
      expect((await store.getRunView(failedRun.id))!.events.map((e) => e.type)).toEqual(['run_started', 'run_failed']);
    });

    it('records a run ended by its stopSignal as stopped', async () => {
      const store = make();
      const name = `agent-${unique()}`;
      const stop = new AbortController();
      const halt = defineTool({ name: 'halt', description: 'Asks the run to stop.', parameters: { type: 'object', properties: {}, required: [] }, invoke: () => { stop.abort(); return 'stopping'; } });
      const stopping = new Agent({ name, tools: [halt] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'halt', arguments: {} }] }, { text: 'never reached' }]);
      const result = await new Runner({ model }).run(stopping, 'go', { store, stopSignal: stop.signal });
      expect(result.status).toBe('stopped');
      const page = await store.listRuns({ agent: name });
      expect(page.runs.map((r) => r.status)).toEqual(['stopped']);
      const view = await store.getRunView(page.runs[0]!.id);
      expect(view!.events[view!.events.length - 1]).toMatchObject({ type: 'run_failed', data: { status: 'stopped' } });
    });

    it('lists runs newest first, filtered, by keyset pages without gaps or repeats', async () => {
      const store = make();
      const name = `paging-${unique()}`;
      const base = Date.now() - 1_000_000;
      const records: RunRecord[] = [];
      for (let i = 0; i < 23; i++) {
        // Runs 0..9 share one start time: ties are ordered by id.
        const record: RunRecord = { id: `${name}-${String(i).padStart(2, '0')}`, agent: name, status: i % 3 === 0 ? 'paused' : 'completed', startedAt: base + Math.max(0, i - 9), updatedAt: base, pendingApprovals: i % 3 === 0 ? 1 : 0, eventCount: 0 };
        records.push(record);
        await store.recordRun(record);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listRuns({ agent: name, limit: 5, ...(cursor ? { cursor } : {}) });
        expect(page.runs.length).toBeLessThan(6);
        seen.push(...page.runs.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      const expected = records.slice().sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? 1 : -1)).map((r) => r.id);
      expect(seen).toEqual(expected);
      const paused = await store.listRuns({ agent: name, status: 'paused', limit: 500 });
      expect(paused.runs.map((r) => r.id)).toEqual(expected.filter((id) => Number(id.slice(-2)) % 3 === 0));
      expect(paused.nextCursor).toBeUndefined();
    });

    it('refuses a bad query, cursor or id with a UserError, and answers undefined for an unknown run', async () => {
      const store = make();
      await expect(store.listRuns({ cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(UserError);
      await expect(store.listRuns({ limit: 0 })).rejects.toBeInstanceOf(UserError);
      await expect(store.listRuns({ limit: 100_000 })).rejects.toBeInstanceOf(UserError);
      await expect(store.listRuns({ status: 'sleeping' as never })).rejects.toBeInstanceOf(UserError);
      await expect(store.getRunView('x'.repeat(100_000))).rejects.toBeInstanceOf(UserError);
      expect(await store.getRunView(`no-such-run-${unique()}`)).toBeUndefined();
    });

    it('keeps hostile text as data (markup, __proto__ keys) and bounds the events per run', async () => {
      const store = make();
      const id = `hostile-${unique()}`;
      await store.recordRun({ id, agent: '<img src=x onerror=alert(1)>', status: 'completed', startedAt: Date.now(), updatedAt: Date.now(), pendingApprovals: 0, eventCount: 0 });
      const events = Array.from({ length: 2_100 }, (_, i) => ({ seq: i + 1, at: Date.now(), type: 'message' as const, text: '<script>alert(1)</script>', data: JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown> }));
      await store.appendEvents(id, events.slice(0, 1_000));
      await store.appendEvents(id, events.slice(1_000));
      const view = await store.getRunView(id);
      expect(view!.run.agent).toBe('<img src=x onerror=alert(1)>');
      expect(view!.events.length).toBeLessThan(2_001);
      expect(view!.events[0]!.text).toBe('<script>alert(1)</script>');
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });
  });

  describe('run records over time', () => {
    it('shows a running run whose heartbeat stopped as lost (listed, filtered, viewed), and running again once renewed', async () => {
      const store = make();
      const name = `lost-${unique()}`;
      const now = Date.now();
      // The default bound is two minutes without a heartbeat.
      const silent: RunRecord = { id: `${name}-silent`, agent: name, status: 'running', startedAt: now - 3_600_000, updatedAt: now - 1_800_000, pendingApprovals: 0, eventCount: 0 };
      const alive: RunRecord = { ...silent, id: `${name}-alive`, startedAt: now - 1_000, updatedAt: now };
      const done: RunRecord = { ...silent, id: `${name}-done`, status: 'completed', startedAt: now - 2_000 };
      for (const record of [silent, alive, done]) await store.recordRun(record);

      const all = await store.listRuns({ agent: name });
      expect(all.runs.map((r) => [r.id, r.status])).toEqual([[alive.id, 'running'], [done.id, 'completed'], [silent.id, 'lost']]);
      expect((await store.listRuns({ agent: name, status: 'lost' })).runs.map((r) => r.id)).toEqual([silent.id]);
      expect((await store.listRuns({ agent: name, status: 'running' })).runs.map((r) => r.id)).toEqual([alive.id]);
      const view = await store.getRunView(silent.id);
      // "No sign of life since" its last heartbeat.
      expect(view!.run).toMatchObject({ status: 'lost', updatedAt: silent.updatedAt });

      // A heartbeat after all (the process was only stalled): running again.
      await store.recordRun({ ...silent, updatedAt: Date.now() });
      expect((await store.getRunView(silent.id))!.run.status).toBe('running');
      expect((await store.listRuns({ agent: name, status: 'lost' })).runs).toEqual([]);
      // "lost" is derived by readers, never written.
      await expect(store.recordRun({ ...silent, status: 'lost' })).rejects.toBeInstanceOf(UserError);
    });

    it('renews a running run\'s record on a heartbeat while a tool call keeps it busy', async () => {
      const store = make({ recordHeartbeatMs: 100 });
      if (store.recordHeartbeatMs !== 100) throw new Error('The store ignored make({ recordHeartbeatMs: 100 }); pass the factory\'s options on to the store (new MyStore({ ...options, secret: options.secret ?? CONTRACT_SECRET })) and expose them as store.recordHeartbeatMs.');
      const name = `heartbeat-${unique()}`;
      const renewed: number[] = [];
      const busy = defineTool({
        name: 'busy',
        description: 'Works for a while, watching its own run record.',
        parameters: { type: 'object', properties: {}, required: [] },
        invoke: async () => {
          // Wait for the run's record to hold the call (events written), then for its updatedAt to move on.
          let first: number | undefined;
          for (let i = 0; i < 300 && renewed.length < 2; i++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            const run = (await store.listRuns({ agent: name })).runs[0];
            if (!run || run.eventCount < 2) continue;
            if (first === undefined) first = run.updatedAt;
            else if (run.updatedAt > (renewed[renewed.length - 1] ?? first)) renewed.push(run.updatedAt);
          }
          return 'done';
        },
      });
      const result = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'busy', arguments: {} }] }, { text: 'finished' }]) }).run(new Agent({ name, tools: [busy] }), 'go', { store });
      expect(result.status).toBe('completed');
      // Two renewals were seen while no event happened.
      expect(renewed).toHaveLength(2);
      expect((await store.listRuns({ agent: name })).runs[0]!.status).toBe('completed');
    });

    it('keeps a record for recordTtlMs after its last write; older ones are not shown and purgeExpired deletes them with their timeline', async () => {
      const store = make();
      const name = `retention-${unique()}`;
      const now = Date.now();
      // The default record TTL is 30 days.
      const old: RunRecord = { id: `${name}-old`, runId: `${name}-old-run`, agent: name, status: 'completed', startedAt: now - 40 * DAY_MS, updatedAt: now, pendingApprovals: 0, eventCount: 1 };
      const fresh: RunRecord = { ...old, id: `${name}-fresh`, runId: `${name}-fresh-run`, startedAt: now - 1_000 };
      const event = { seq: 1, at: now, type: 'message' as const, text: 'kept' };
      for (const record of [old, fresh]) {
        await store.recordRun(record);
        await store.appendEvents(record.id, [event]);
      }
      // Its last write, 31 days ago.
      await store.recordRun({ ...old, updatedAt: now - 31 * DAY_MS });

      expect(await store.getRunView(old.id)).toBeUndefined();
      expect(await store.getRunView(old.runId!)).toBeUndefined();
      expect((await store.listRuns({ agent: name })).runs.map((r) => r.id)).toEqual([fresh.id]);

      await store.purgeExpired();
      expect(await store.getRunView(old.id)).toBeUndefined();
      expect((await store.getRunView(fresh.runId!))!.events.map((e) => e.text)).toEqual(['kept']);
      // The purged record's timeline went with it: the same id recorded again starts empty.
      await store.recordRun({ ...old, updatedAt: Date.now() });
      expect((await store.getRunView(old.id))!.events).toEqual([]);
    });
  });
}

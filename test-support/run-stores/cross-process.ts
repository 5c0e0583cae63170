/**
 * Replicas in separate Node processes sharing one store (PostgreSQL or Redis): the double
 * refund, raced by eight processes fifty times, and resumes killed with SIGKILL in the middle.
 * Call `describeCrossProcessSuite` inside the backend's `describe`, after its server started.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { RunAlreadyClaimedError, Runner, UnfinishedToolCallError, type RunStore } from '@toolwright/core';
import { buildIfStale } from '../build-if-stale';
import { refundAgent, refundModel, settle, sleep, type RefundLog } from './fixtures';

interface WorkerMessage {
  type: 'ready' | 'invoked' | 'refunded' | 'done';
  id?: number;
  pid: number;
  status?: string;
  error?: string;
  message?: string;
}

/** A replica process. */
class Worker {
  readonly messages: WorkerMessage[] = [];
  private readonly waiters: Array<{ match: (m: WorkerMessage) => boolean; resolve: (m: WorkerMessage) => void }> = [];
  private nextId = 0;

  constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: WorkerMessage) => {
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (!w.match(m)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
  }

  next(match: (m: WorkerMessage) => boolean): Promise<WorkerMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Asks the replica to resume `runId`; resolves with its `done` message. */
  resume(runId: string, mode = 'normal', leaseMs?: number): Promise<WorkerMessage> {
    const id = ++this.nextId;
    const done = this.next((m) => m.type === 'done' && m.id === id);
    this.proc.send({ id, runId, mode, leaseMs });
    return done;
  }

  invocations(): number {
    return this.messages.filter((m) => m.type === 'invoked').length;
  }
}

const ROOT = join(__dirname, '..', '..');
const WORKER = join(__dirname, 'store-worker.js');

async function startWorker(backend: 'postgres' | 'redis', url: string, secret: string): Promise<Worker> {
  const worker = new Worker(fork(WORKER, [backend, url, secret], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  await worker.next((m) => m.type === 'ready');
  return worker;
}

/** Registers the cross-process tests for one backend. */
export function describeCrossProcessSuite(backend: 'postgres' | 'redis', setup: () => { url: string; secret: string; store: () => RunStore }): void {
  beforeAll(() => {
    // The replicas run the compiled packages: `npm test` builds first; this keeps a lone run honest.
    buildIfStale(['core', backend]);
  }, 180_000);

  /** Pauses a refund run in the store and approves it by id. */
  async function approvedRun(store: RunStore): Promise<string> {
    const paused = await new Runner({ model: refundModel() }).run(refundAgent({ refunds: [] }), 'Refund order A-17', { store });
    await store.approve(paused.runId!, paused.interruptions[0]!.callId);
    return paused.runId!;
  }

  // Eight replicas, started once: the race uses all of them; each SIGKILL test then kills one
  // (a replica that raced is as good a victim as a fresh one, and costs no process start).
  const workers: Worker[] = [];
  beforeAll(async () => {
    const { url, secret } = setup();
    workers.push(...(await Promise.all(Array.from({ length: 8 }, () => startWorker(backend, url, secret)))));
  }, 60_000);
  afterAll(() => {
    for (const w of workers) if (w.proc.connected) w.proc.disconnect();
  });

  /**
   * A replica to kill: taken out of the eight (the race, declared first, has run by then), its
   * messages of the race forgotten, so that what the test waits for and counts is its own.
   */
  function victim(): Worker {
    const worker = workers.pop();
    if (!worker) throw new Error('no replica left to kill');
    worker.messages.length = 0;
    return worker;
  }

  describe('eight replicas resume the same approved run at once, fifty times', () => {
    it('refunds exactly once every time (the double refund is impossible); the others get RunAlreadyClaimedError', async () => {
      const store = setup().store();
      const winners = new Set<number>();
      for (let round = 0; round < 50; round++) {
        const runId = await approvedRun(store);
        const before = workers.map((w) => w.invocations());
        const replies = await Promise.all(workers.map((w) => w.resume(runId)));
        const invoked = workers.reduce((sum, w, i) => sum + w.invocations() - before[i]!, 0);
        const completed = replies.filter((r) => r.status === 'completed');
        expect({ round, invoked, completed: completed.length }).toEqual({ round, invoked: 1, completed: 1 });
        expect(replies.filter((r) => r.error === 'RunAlreadyClaimedError')).toHaveLength(7);
        winners.add(completed[0]!.pid);
      }
      // The race is real: more than one process won over the rounds.
      expect(winners.size).toBeGreaterThan(1);
    }, 120_000);
  });

  describe('a resume killed with SIGKILL', () => {
    it('in the middle of the refund: after the lease expires the call is unfinished, never silently re-run; a person decides', async () => {
      const store = setup().store();
      const runId = await approvedRun(store);
      const worker = victim();
      void worker.resume(runId, 'hang-in-tool', 600);
      await worker.next((m) => m.type === 'invoked');
      worker.proc.kill('SIGKILL');
      const log: RefundLog = { refunds: [] };
      const agent = refundAgent(log);
      // The dead replica's lease still holds for a moment; then the call shows unfinished.
      let outcome = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
      while (!outcome.ok && (outcome.error as Error) instanceof RunAlreadyClaimedError) {
        await sleep(100);
        outcome = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
      }
      expect((outcome as { error: unknown }).error).toBeInstanceOf(UnfinishedToolCallError);
      expect(log.refunds).toEqual([]);
      const asked = await new Runner({ model: refundModel() }).resume(agent, runId, { store, unfinishedCalls: 'approve' });
      expect(asked.status).toBe('interrupted');
      await store.approve(runId, asked.interruptions[0]!.callId);
      const done = await new Runner({ model: refundModel() }).resume(agent, runId, { store });
      expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
      expect(log.refunds).toEqual(['A-17:300']);
    }, 60_000);

    it('after the refund finished: the recovered run reuses the recorded output and refunds nothing more', async () => {
      const store = setup().store();
      const runId = await approvedRun(store);
      const worker = victim();
      void worker.resume(runId, 'hang-after-tool', 600);
      await worker.next((m) => m.type === 'refunded');
      // The ledger has the output once the tool returned; kill the replica before it answers.
      while ((await store.calls(runId)).every((c) => c.status !== 'finished')) await sleep(20);
      worker.proc.kill('SIGKILL');
      const log: RefundLog = { refunds: [] };
      const agent = refundAgent(log);
      let outcome = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
      while (!outcome.ok && (outcome.error as Error) instanceof RunAlreadyClaimedError) {
        await sleep(100);
        outcome = await settle(new Runner({ model: refundModel() }).resume(agent, runId, { store }));
      }
      expect(outcome.ok).toBe(true);
      expect((outcome as { value: { finalOutput: unknown } }).value.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
      expect(log.refunds).toEqual([]);
      expect(worker.messages.filter((m) => m.type === 'refunded')).toHaveLength(1);
    }, 60_000);
  });
}

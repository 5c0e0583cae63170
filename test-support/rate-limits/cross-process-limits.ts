/**
 * Two replicas in separate Node processes sharing one rate limit through Redis or PostgreSQL:
 * across both, exactly `points` calls pass in a window, and the window rolls over on the real
 * backend's clock. Call `describeCrossProcessLimits` inside the backend's `describe`, after its
 * server started.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { buildIfStale } from '../build-if-stale';

interface Reply {
  type: 'ready' | 'done';
  id?: number;
  pid: number;
  sent?: number;
  answers?: string[];
  error?: string;
  message?: string;
}

class Replica {
  private readonly waiters = new Map<number, (reply: Reply) => void>();
  private nextId = 0;
  readonly ready: Promise<void>;

  constructor(readonly proc: ChildProcess) {
    let onReady!: () => void;
    let onExit!: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      onReady = resolve;
      onExit = reject;
    });
    proc.once('exit', (code) => onExit(new Error(`the replica exited with code ${code} before it was ready (see its output above)`)));
    proc.on('message', (reply: Reply) => {
      if (reply.type === 'ready') onReady();
      else this.waiters.get(reply.id!)?.(reply);
    });
  }

  /** Starts `runs` runs at once, each making one call of the limited tool for `userId`. */
  send(runs: number, points: number, durationMs: number, userId: string): Promise<Reply> {
    const id = ++this.nextId;
    const done = new Promise<Reply>((resolve) => this.waiters.set(id, resolve));
    this.proc.send({ id, runs, points, durationMs, userId });
    return done;
  }
}

const ROOT = join(__dirname, '..', '..');
const WORKER = join(__dirname, 'limit-worker.js');

/** Registers the cross-process tests for one backend; `url` is read once its server started. */
export function describeCrossProcessLimits(backend: 'postgres' | 'redis', url: () => string): void {
  const replicas: Replica[] = [];

  beforeAll(async () => {
    // The replicas run the compiled packages: `npm test` builds first; this keeps a lone run honest.
    buildIfStale(['core', backend]);
    for (let i = 0; i < 2; i++) replicas.push(new Replica(fork(WORKER, [backend, url()], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })));
    await Promise.all(replicas.map((r) => r.ready));
  }, 180_000);

  afterAll(() => {
    for (const r of replicas) if (r.proc.connected) r.proc.disconnect();
  });

  async function round(points: number, durationMs: number, userId: string, runsEach: number): Promise<Reply[]> {
    const replies = await Promise.all(replicas.map((r) => r.send(runsEach, points, durationMs, userId)));
    for (const reply of replies) expect(reply.error).toBeUndefined();
    return replies;
  }

  it('lets exactly `points` calls pass across both processes; the others are told the limit', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const replies = await round(5, 60_000, `user-${randomUUID()}`, 8);
      expect(replies.reduce((sum, r) => sum + r.sent!, 0)).toBe(5);
      const answers = replies.flatMap((r) => r.answers!);
      expect(answers.filter((a) => a === 'sent to ann@example.com')).toHaveLength(5);
      const limited = answers.filter((a) => a.startsWith('Rate limit reached for send_email: 5 calls per minute per user; retry after '));
      expect(limited).toHaveLength(11);
    }
  }, 60_000);

  it('counts each user on its own', async () => {
    const [a, b] = [`user-${randomUUID()}`, `user-${randomUUID()}`];
    const replies = await Promise.all([replicas[0]!.send(4, 2, 60_000, a), replicas[1]!.send(4, 2, 60_000, b)]);
    expect(replies.map((r) => r.sent)).toEqual([2, 2]);
  }, 60_000);

  it('lets `points` calls pass again once the window rolled over', async () => {
    const userId = `user-${randomUUID()}`;
    const first = await round(2, 1_000, userId, 3);
    expect(first.reduce((sum, r) => sum + r.sent!, 0)).toBe(2);
    // Past the 1 s window on the backend's clock (Redis counts whole seconds).
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const second = await round(2, 1_000, userId, 3);
    expect(second.reduce((sum, r) => sum + r.sent!, 0)).toBe(2);
  }, 60_000);
}

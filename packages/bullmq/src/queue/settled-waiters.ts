import type { Redis } from 'ioredis';

/**
 * Wakes `queue.result` callers when a worker announces that their run paused or ended: one
 * subscriber connection per queue whatever the number of waiters, with a slow poll as the
 * fallback for an announcement missed while reconnecting. @internal
 */
export class SettledWaiters {
  private readonly waiters = new Map<string, Set<() => void>>();
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly subscriber: () => Redis,
    private readonly channel: string,
  ) {}

  /** Resolves when `runId` is announced, or after `timeoutMs`. */
  async wait(runId: string, timeoutMs: number): Promise<void> {
    await this.subscribe();
    await new Promise<void>((resolve) => {
      const set = this.waiters.get(runId) ?? new Set();
      this.waiters.set(runId, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(runId) === set) this.waiters.delete(runId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }

  private subscribe(): Promise<void> {
    this.subscribed ??= (async () => {
      const client = this.subscriber();
      client.on('message', (_channel: string, runId: string) => {
        for (const wake of [...(this.waiters.get(runId) ?? [])]) wake();
      });
      await client.subscribe(this.channel);
    })();
    return this.subscribed;
  }

  /** Wakes every waiter (on close). */
  wakeAll(): void {
    for (const set of this.waiters.values()) for (const wake of [...set]) wake();
  }
}

import type { RunEvent } from './run-event';

/**
 * An unbounded single-consumer queue of run events, closed once with or without an error.
 * @internal
 */
export class EventChannel {
  private readonly queue: RunEvent[] = [];
  private head = 0;
  private wake?: () => void;
  private closed = false;
  private failure?: { error: unknown };
  private detached = false;

  /** Queues an event; dropped once the channel is closed or the consumer has left. */
  push(event: RunEvent): void {
    if (this.closed || this.detached) return;
    this.queue.push(event);
    this.notify();
  }

  /** Ends the stream; with an error, the consumer's iteration throws it after the queued events. */
  close(error?: { error: unknown }): void {
    if (this.closed) return;
    this.closed = true;
    this.failure = error;
    this.notify();
  }

  /** The consumer stopped iterating: later events are dropped instead of piling up. */
  detach(): void {
    this.detached = true;
    this.queue.length = 0;
    this.head = 0;
  }

  /** The next event, or `undefined` when the channel is closed and drained. */
  async next(): Promise<RunEvent | undefined> {
    for (;;) {
      if (this.head < this.queue.length) {
        const event = this.queue[this.head]!;
        this.queue[this.head++] = undefined as unknown as RunEvent;
        if (this.head > 1024 && this.head * 2 > this.queue.length) {
          this.queue.splice(0, this.head);
          this.head = 0;
        }
        return event;
      }
      if (this.closed) {
        if (this.failure) {
          const { error } = this.failure;
          this.failure = undefined;
          throw error;
        }
        return undefined;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    if (wake) {
      this.wake = undefined;
      wake();
    }
  }
}

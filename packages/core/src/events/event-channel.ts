import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import type { RunEvent, ToolProgressEvent } from '../contracts/run-event';

/**
 * A single-consumer queue of run events, closed once with or without an error, with bounded
 * memory for a consumer that falls behind (or never reads). While fewer than `bufferSize`
 * events wait, every event is queued as it comes. Past that, a call's `tool_progress` replaces
 * the call's latest undelivered progress update (its `dropped` counts the updates replaced), and a
 * `model_delta` is appended to an undelivered delta right before it (lossless). Every other
 * event is always queued: there is one per call, item or handoff, which the run holds anyway.
 * @internal
 */
export class EventChannel {
  private readonly queue: RunEvent[] = [];
  private head = 0;
  /** Events removed from the front of `queue` so far: `offset + i` is the absolute position of `queue[i]`. */
  private offset = 0;
  /** The absolute position of each call's latest undelivered progress event. */
  private readonly lastProgress = new Map<string, number>();
  private wake?: () => void;
  private closed = false;
  private failure?: { error: unknown };
  private detached = false;

  constructor(private readonly bufferSize: number = TOOLWRIGHT_LIMITS.eventBufferSize) {}

  /** Queues an event; dropped once the channel is closed or the consumer has left. */
  push(event: RunEvent): void {
    if (this.closed || this.detached) return;
    if (this.queue.length - this.head >= this.bufferSize && this.coalesce(event)) return;
    if (event.type === 'tool_progress') this.lastProgress.set(event.callId, this.offset + this.queue.length);
    this.queue.push(event);
    this.notify();
  }

  /** Folds `event` into an undelivered one; false when it has to be queued on its own. */
  private coalesce(event: RunEvent): boolean {
    if (event.type === 'tool_progress') {
      const at = this.lastProgress.get(event.callId);
      if (at === undefined) return false;
      const i = at - this.offset;
      const older = this.queue[i] as ToolProgressEvent | undefined;
      if (i < this.head || older?.type !== 'tool_progress' || older.callId !== event.callId) return false;
      this.queue[i] = { ...event, dropped: (older.dropped ?? 0) + 1 + (event.dropped ?? 0) };
      return true;
    }
    if (event.type === 'model_delta') {
      const last = this.queue[this.queue.length - 1];
      if (this.queue.length === this.head || last?.type !== 'model_delta' || last.agent !== event.agent) return false;
      this.queue[this.queue.length - 1] = { ...last, delta: last.delta + event.delta };
      return true;
    }
    return false;
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
    this.lastProgress.clear();
  }

  /** The next event, or `undefined` when the channel is closed and drained. */
  async next(): Promise<RunEvent | undefined> {
    for (;;) {
      if (this.head < this.queue.length) {
        const event = this.queue[this.head]!;
        if (event.type === 'tool_progress' && this.lastProgress.get(event.callId) === this.offset + this.head) {
          this.lastProgress.delete(event.callId);
        }
        this.queue[this.head++] = undefined as unknown as RunEvent;
        if (this.head > 1024 && this.head * 2 > this.queue.length) {
          this.queue.splice(0, this.head);
          this.offset += this.head;
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

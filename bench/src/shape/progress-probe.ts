/**
 * Measures emit-to-consumer latency one update at a time: the tool stamps an update just before
 * emitting it and waits until the consumer has received it before emitting the next, so each
 * latency is the framework's delivery path alone, not a queue of earlier updates.
 */
export class ProgressProbe {
  readonly latencies: number[] = [];
  private readonly sentAt = new Map<number, number>();
  private pendingAck: (() => void) | undefined;

  /** Tool side: stamps update `seq`; the returned promise resolves once the consumer has it. */
  send(seq: number): Promise<void> {
    const acked = new Promise<void>((resolve) => {
      this.pendingAck = resolve;
    });
    this.sentAt.set(seq, performance.now());
    return acked;
  }

  /** Consumer side: records the latency of update `seq` and releases the tool. */
  received(seq: number): void {
    const sent = this.sentAt.get(seq);
    if (sent === undefined) throw new Error(`ProgressProbe: update ${seq} was received but never sent.`);
    this.latencies.push(performance.now() - sent);
    this.sentAt.delete(seq);
    const ack = this.pendingAck;
    this.pendingAck = undefined;
    ack?.();
  }
}

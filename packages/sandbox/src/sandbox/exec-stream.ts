import { StringDecoder } from 'node:string_decoder';
import { OutputCapture } from './output-capture';
import type { ExecChunk, ExecResult, ExecStream } from './sandbox';

/** How a command ended, as a backend reports it. */
export interface ExecEnd {
  exitCode: number | null;
  timedOut: boolean;
  signal?: string;
}

/**
 * Collects a command's output for a backend: captures each stream within its byte cap, and (when
 * streaming) queues decoded chunks for one consumer, up to the same cap per stream. @internal
 */
export class ExecCollector {
  private readonly captures: { stdout: OutputCapture; stderr: OutputCapture };
  private readonly decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  private readonly streamed = { stdout: 0, stderr: 0 };
  private readonly queue: ExecChunk[] = [];
  private waiter: (() => void) | undefined;
  private finished = false;
  private failure: unknown;
  private readonly started = Date.now();
  private settle!: { resolve(r: ExecResult): void; reject(e: unknown): void };
  /** Settles when the command ends. */
  readonly result: Promise<ExecResult>;

  constructor(
    private readonly maxBytes: number,
    private readonly streaming: boolean,
  ) {
    this.captures = { stdout: new OutputCapture(maxBytes), stderr: new OutputCapture(maxBytes) };
    this.result = new Promise<ExecResult>((resolve, reject) => (this.settle = { resolve, reject }));
    // A caller of execStream that only iterates must not see an unhandled rejection warning.
    if (streaming) this.result.catch(() => undefined);
  }

  /** Records output of one stream. */
  push(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    if (this.finished) return;
    this.captures[stream].add(chunk);
    if (!this.streaming) return;
    const room = this.maxBytes - this.streamed[stream];
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.streamed[stream] += part.length;
    const data = this.decoders[stream].write(part);
    if (data) this.enqueue({ stream, data });
  }

  /** The command ended: settles `result` and ends the iteration. */
  finish(end: ExecEnd): void {
    if (this.finished) return;
    this.flushDecoders();
    this.finished = true;
    const { stdout, stderr } = this.captures;
    this.settle.resolve({
      exitCode: end.exitCode,
      stdout: stdout.text(),
      stderr: stderr.text(),
      timedOut: end.timedOut,
      truncated: stdout.dropped > 0 || stderr.dropped > 0,
      durationMs: Date.now() - this.started,
      ...(end.signal ? { signal: end.signal } : {}),
      stdoutBytes: stdout.total,
      stderrBytes: stderr.total,
    });
    this.wake();
  }

  /** The command could not run or was aborted: rejects `result` and the iteration. */
  fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.failure = error;
    this.settle.reject(error);
    this.wake();
  }

  /** The public stream object. */
  stream(): ExecStream {
    const iterate = async function* (this: ExecCollector): AsyncGenerator<ExecChunk> {
      for (;;) {
        const next = this.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.finished) {
          if (this.failure !== undefined) throw this.failure;
          return;
        }
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
    }.bind(this);
    return { [Symbol.asyncIterator]: iterate, result: this.result };
  }

  private flushDecoders(): void {
    if (!this.streaming) return;
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.decoders[stream].end();
      if (rest) this.enqueue({ stream, data: rest });
    }
  }

  private enqueue(chunk: ExecChunk): void {
    this.queue.push(chunk);
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

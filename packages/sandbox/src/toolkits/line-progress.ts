/** A partial line held back longer than this is sent anyway. */
const MAX_PENDING = 64 * 1024;

/**
 * Turns output chunks into progress updates made of whole lines, per stream: the complete lines
 * of each chunk go out at once, a partial line waits for its end (or for `flush`).
 */
export class LineProgress {
  private readonly pending = { stdout: '', stderr: '' };

  constructor(private readonly send: (text: string, stream: 'stdout' | 'stderr') => void) {}

  push(stream: 'stdout' | 'stderr', data: string): void {
    const text = this.pending[stream] + data;
    const end = text.lastIndexOf('\n');
    if (end < 0 && text.length < MAX_PENDING) {
      this.pending[stream] = text;
      return;
    }
    const cut = end < 0 ? text.length : end + 1;
    this.pending[stream] = text.slice(cut);
    this.send(text.slice(0, cut), stream);
  }

  /** Sends what is left of unfinished lines. */
  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.pending[stream]) this.send(this.pending[stream], stream);
      this.pending[stream] = '';
    }
  }
}

import { createInterface, type Interface } from 'readline';

/**
 * Asks questions on stdout and reads answers from stdin, one line each; works for a terminal and
 * for piped input. `undefined` means stdin ended. Opened on the first question only, so a run
 * decided by flags never waits for stdin.
 */
export class LineReader {
  private rl?: Interface;
  private lines?: AsyncIterator<string>;

  async ask(question: string): Promise<string | undefined> {
    if (!this.rl) {
      this.rl = createInterface({ input: process.stdin, terminal: false });
      this.lines = this.rl[Symbol.asyncIterator]();
    }
    process.stdout.write(question);
    const next = await this.lines!.next();
    if (next.done) {
      process.stdout.write('\n');
      return undefined;
    }
    if (!process.stdin.isTTY) process.stdout.write(`${next.value}\n`);
    return next.value.trim();
  }

  close(): void {
    this.rl?.close();
  }
}

import { createServer, type Server, type Socket } from 'node:net';

/** What the gate knows of one client program that came through it. */
export interface GatedClient {
  /** The exit code the program reported just before exiting; null when it ended without one (killed, crashed). */
  exitCode: number | null;
}

/**
 * Admits the conformance suite's client programs a few at a time. The suite's `--suite` mode
 * starts every scenario's servers and client program at once, which on a small machine starves
 * the clients of CPU until they miss the scenarios' deadlines. Each client program (see
 * toolwright-client.cjs) connects to this gate's socket, names its scenario and waits for the
 * answer: `run` once a slot is free, `skip` for a scenario the test does not run. It reports its
 * exit code on the socket before exiting; the slot frees when the socket closes.
 *
 * Scenarios named `exclusive` run alone: their checks time the client (sse-retry measures the
 * reconnection delay to within 200 ms), which other clients competing for the CPU would skew.
 */
export class ClientGate {
  /** The clients that were admitted, by scenario. */
  readonly clients = new Map<string, GatedClient>();
  private readonly server: Server;
  private readonly queue: { scenario: string; socket: Socket }[] = [];
  private running = 0;
  private exclusiveRunning = false;

  constructor(
    private readonly options: { slots: number; run: readonly string[]; exclusive: readonly string[] },
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  /** Listens on `path` (a Unix socket). */
  listen(path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(path, () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    socket.setEncoding('utf8');
    let buffer = '';
    let scenario: string | undefined;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (scenario === undefined) {
          scenario = (JSON.parse(line) as { scenario: string }).scenario;
          if (this.options.run.includes(scenario)) {
            this.queue.push({ scenario, socket });
            this.pump();
          } else socket.end('skip\n');
        } else {
          const exit = /^exit (-?\d+)$/.exec(line);
          const client = this.clients.get(scenario);
          if (exit && client) client.exitCode = Number(exit[1]);
        }
      }
    });
    // A socket that errors (the client was killed) closes too; the slot frees on close.
    socket.on('error', () => undefined);
  }

  /** Admits the queue's head while the slots (and an exclusive scenario) allow, in arrival order. */
  private pump(): void {
    while (this.queue.length > 0 && !this.exclusiveRunning) {
      const exclusive = this.options.exclusive.includes(this.queue[0]!.scenario);
      if (exclusive ? this.running > 0 : this.running >= this.options.slots) return;
      const { scenario, socket } = this.queue.shift()!;
      this.running++;
      this.exclusiveRunning = exclusive;
      this.clients.set(scenario, { exitCode: null });
      socket.once('close', () => {
        this.running--;
        if (exclusive) this.exclusiveRunning = false;
        this.pump();
      });
      socket.write('run\n');
    }
  }
}

import { createServer, type Server, type Socket } from 'node:net';

/** One client scenario as the suite hands it to its client program. */
export interface ScenarioRequest {
  /** The scenario's name (the program's MCP_CONFORMANCE_SCENARIO). */
  scenario: string;
  /** The scenario's MCP server (the program's argument). */
  url: string;
  /** Credentials the scenario gives the client (the program's MCP_CONFORMANCE_CONTEXT), `{}` without. */
  context: Record<string, string>;
}

/** Where the client's lines go: the program's stdout and stderr, which the suite saves. */
export interface ScenarioOutput {
  log(line: string): void;
  warn(line: string): void;
}

/** What the gate knows of one scenario it played. */
export interface GatedClient {
  /** The client's exit code: 0 when it succeeded, 1 when it failed; null when it timed out. */
  exitCode: number | null;
}

/** The gate's options. */
export interface ClientGateOptions {
  /** Scenarios played at once. */
  slots: number;
  /** The scenarios to play; the client programs of the others are told to exit at once. */
  run: readonly string[];
  /** Scenarios played with no other alongside: their checks time the client. */
  exclusive: readonly string[];
  /** How long one scenario may take once its turn came. */
  timeoutMs: number;
  /** Plays one scenario; rejects when the client fails it. */
  play(request: ScenarioRequest, out: ScenarioOutput): Promise<void>;
}

/**
 * Plays the client side of the conformance suite's scenarios for their client programs, a few at
 * a time. The suite's `--suite` mode starts every scenario's servers and client program at once;
 * each program (toolwright-client.cjs) connects to this gate's socket and sends its scenario, its
 * server's URL and its credentials. The gate plays it with `play` when a slot is free and sends
 * back, as JSON lines, what the client printed (`out`, `err`) and how it ended (`exit`), which the
 * program reproduces. One process (ClientHost) plays every scenario: Toolwright loads once, not
 * once per scenario, and the CPU is not shared by two dozen clients starting together (which made
 * them miss the scenarios' deadlines).
 *
 * Scenarios named `exclusive` run alone: sse-retry checks the client's reconnection delay to within
 * 200 ms, which other scenarios competing for the CPU would skew.
 */
export class ClientGate {
  /** The scenarios played, by name. */
  readonly clients = new Map<string, GatedClient>();
  private readonly server: Server;
  private readonly queue: { request: ScenarioRequest; socket: Socket }[] = [];
  private running = 0;
  private exclusiveRunning = false;

  constructor(private readonly options: ClientGateOptions) {
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
    // A client program killed by the suite's bound closes its socket; what the gate still sends is lost.
    socket.on('error', () => undefined);
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.removeAllListeners('data');
      const request = JSON.parse(buffer.slice(0, newline)) as ScenarioRequest;
      if (this.options.run.includes(request.scenario)) {
        this.queue.push({ request, socket });
        this.pump();
      } else {
        send(socket, { out: `skipped: the test does not run ${request.scenario}` });
        send(socket, { exit: 0 });
      }
    });
  }

  /** Starts the queue's head while the slots (and an exclusive scenario) allow, in arrival order. */
  private pump(): void {
    while (this.queue.length > 0 && !this.exclusiveRunning) {
      const exclusive = this.options.exclusive.includes(this.queue[0]!.request.scenario);
      if (exclusive ? this.running > 0 : this.running >= this.options.slots) return;
      const { request, socket } = this.queue.shift()!;
      this.running++;
      this.exclusiveRunning = exclusive;
      void this.play(request, socket).finally(() => {
        this.running--;
        if (exclusive) this.exclusiveRunning = false;
        this.pump();
      });
    }
  }

  private async play(request: ScenarioRequest, socket: Socket): Promise<void> {
    const client: GatedClient = { exitCode: null };
    this.clients.set(request.scenario, client);
    const out: ScenarioOutput = { log: (line) => send(socket, { out: line }), warn: (line) => send(socket, { err: line }) };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), this.options.timeoutMs)));
    try {
      const outcome = await Promise.race([this.options.play(request, out).then(() => 'done' as const), timedOut]);
      if (outcome === 'timed out') {
        out.warn(`timed out after ${this.options.timeoutMs} ms`);
        send(socket, { exit: 124 });
      } else {
        client.exitCode = 0;
        send(socket, { exit: 0 });
      }
    } catch (error) {
      out.warn(error instanceof Error && error.stack ? error.stack : String(error));
      client.exitCode = 1;
      send(socket, { exit: 1 });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Sends one JSON line to a client program. */
function send(socket: Socket, message: { out: string } | { err: string } | { exit: number }): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}

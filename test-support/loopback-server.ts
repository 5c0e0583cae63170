import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Server-Sent Event: `event:` line (Responses API) and a JSON or raw `data:` payload. */
export interface SseEvent {
  event?: string;
  data: unknown;
}

/** What the server answers to one request. */
export type Reply =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | {
      kind: 'sse';
      events: SseEvent[];
      headers?: Record<string, string>;
      /** Stop after this many events and keep the connection open until the client hangs up. */
      hangAfter?: number;
      /** Stop after this many events and destroy the connection (a network failure). */
      cutAfter?: number;
    }
  /** Never answer: the client must give up (abort or timeout). */
  | { kind: 'hang' };

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body; tests read the wire fields they check. */
  body: Record<string, any>;
  /** Set when the client closed the connection before the reply was complete. */
  clientClosedEarly: boolean;
}

/**
 * A loopback HTTP server that speaks a model API as the provider does (OpenAI's `/v1/responses`
 * and `/v1/chat/completions`, Anthropic's `/v1/messages`, Google's `generateContent`): JSON
 * bodies, and SSE streams written in small pieces over many writes (splitting lines, JSON and
 * multi-byte characters) so the client's incremental parser is exercised. Replies are queued per
 * path (with its query string); every request body is recorded.
 */
export class LoopbackServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queues = new Map<string, Reply[]>();
  private readonly closeWaiters: Array<() => void> = [];
  private server!: Server;
  private port = 0;

  /** Bytes per network write. */
  chunkSize = 17;

  static async start(): Promise<LoopbackServer> {
    const s = new LoopbackServer();
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    s.port = (s.server.address() as AddressInfo).port;
    return s;
  }

  /** The base URL to give the `openai` client (and `@ai-sdk/anthropic`): the origin and `/v1`. */
  get baseURL(): string {
    return `${this.origin}/v1`;
  }

  /** `http://127.0.0.1:<port>`. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Queues replies for `path` (e.g. `/v1/responses`), answered in order. */
  enqueue(path: string, ...replies: Reply[]): void {
    this.queues.set(path, [...(this.queues.get(path) ?? []), ...replies]);
  }

  /** Replies still queued, across all paths. */
  get pending(): number {
    return [...this.queues.values()].reduce((n, q) => n + q.length, 0);
  }

  /** Resolves once a client closed a connection before its reply was complete. */
  waitForEarlyClose(): Promise<void> {
    if (this.requests.some((r) => r.clientClosedEarly)) return Promise.resolve();
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.socket.setNoDelay(true);
    const raw = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: raw === '' ? undefined : JSON.parse(raw),
      clientClosedEarly: false,
    };
    this.requests.push(record);
    let finished = false;
    res.on('close', () => {
      if (finished) return;
      record.clientClosedEarly = true;
      this.closeWaiters.splice(0).forEach((wake) => wake());
    });
    const reply = this.queues.get(record.path)?.shift();
    const requestId = `req_loopback_${this.requests.length}`;
    if (!reply) {
      res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': requestId });
      res.end(JSON.stringify({ error: { message: `loopback server: no reply queued for ${record.path}`, type: 'server_error' } }));
      finished = true;
      return;
    }
    if (reply.kind === 'hang') return;
    if (reply.kind === 'json') {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'x-request-id': requestId, ...reply.headers });
      await this.writeInPieces(res, Buffer.from(JSON.stringify(reply.body)));
      res.end();
      finished = true;
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': requestId,
      ...reply.headers,
    });
    const stopAfter = reply.hangAfter ?? reply.cutAfter;
    const events = stopAfter === undefined ? reply.events : reply.events.slice(0, stopAfter);
    await this.writeInPieces(res, Buffer.from(events.map(formatSse).join('')));
    if (reply.hangAfter !== undefined) return; // leave the stream open: the client must abort
    if (reply.cutAfter !== undefined) {
      finished = true;
      res.socket?.destroy();
      return;
    }
    res.end();
    finished = true;
  }

  private async writeInPieces(res: ServerResponse, bytes: Buffer): Promise<void> {
    for (let offset = 0; offset < bytes.length; offset += this.chunkSize) {
      if (res.destroyed) return;
      res.write(bytes.subarray(offset, offset + this.chunkSize));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function formatSse(event: SseEvent): string {
  const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  return `${event.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Starts one loopback server for a test file (handed to `use` before the first test), clears its
 * request log before each test, fails a test that begins with a response still pending, and
 * closes it after the file.
 */
export function useLoopbackServer(use: (server: LoopbackServer) => void): void {
  let server: LoopbackServer | undefined;
  beforeAll(async () => {
    server = await LoopbackServer.start();
    use(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server!.requests.length = 0;
    expect(server!.pending).toBe(0);
  });
}

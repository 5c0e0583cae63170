import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpToolset } from '@toolwright/mcp';

const LIMIT = 256 * 1024;

type Mode = 'json-declared' | 'json-chunked' | 'sse-endless' | 'sse-small-events';

/**
 * A real HTTP server speaking just enough streamable HTTP MCP (initialize, tools/list) whose
 * tools/list answer is hostile in the way `mode` says. It counts what it managed to send.
 */
class HostileServer {
  mode: Mode = 'json-declared';
  sent = 0;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/mcp`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
      return;
    }
    let text = '';
    for await (const chunk of req) text += chunk;
    const message = JSON.parse(text) as { id?: number; method: string; params?: { protocolVersion?: string } };
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    if (message.method === 'initialize') {
      const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      return;
    }
    const listing = (description: string) => JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'echo', description, inputSchema: { type: 'object' } }] } });
    switch (this.mode) {
      case 'json-declared': {
        const body = listing('x'.repeat(2 * 1024 * 1024));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        this.sent += Buffer.byteLength(body);
        res.end(body);
        return;
      }
      case 'json-chunked':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(listing('').slice(0, 40));
        return this.endless(res);
      case 'sse-endless':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message\ndata: ');
        return this.endless(res);
      case 'sse-small-events':
        // 600 KiB of comment events, each 1 KiB, then the answer: no single event is over the bound.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let i = 0; i < 600; i++) res.write(`: ${'p'.repeat(1020)}\n\n`);
        res.end(`event: message\ndata: ${listing('echoes')}\n\n`);
    }
  }

  /** Writes 64 KiB chunks until the client goes away (or 64 MiB, so a failing test ends). */
  private async endless(res: ServerResponse): Promise<void> {
    const chunk = 'x'.repeat(64 * 1024);
    while (!res.destroyed && this.sent < 64 * 1024 * 1024) {
      this.sent += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
      }
    }
    res.end();
  }
}

describe('McpToolset over HTTP against a hostile server: maxMessageBytes bounds every message', () => {
  const server = new HostileServer();
  let url: string;
  beforeAll(async () => {
    url = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => (server.sent = 0));

  const toolset = (protocol: 'streamable-http' | 'auto' = 'streamable-http') =>
    new McpToolset({ name: 'hostile', transport: { url, protocol, maxMessageBytes: LIMIT }, maxRetryAttempts: 0, timeoutMs: 60_000 });

  async function listingError(set: McpToolset): Promise<Error> {
    try {
      await set.listServerTools();
    } catch (error) {
      return error as Error;
    } finally {
      await set.close();
    }
    throw new Error('the listing succeeded');
  }

  it('refuses a JSON answer declared larger, before reading it', async () => {
    server.mode = 'json-declared';
    expect((await listingError(toolset())).message).toMatch(/larger than maxMessageBytes \(262144 bytes\).*raise transport\.maxMessageBytes/s);
  });

  it('cuts off a JSON answer that keeps growing, and the server stops being read', async () => {
    server.mode = 'json-chunked';
    expect((await listingError(toolset())).message).toMatch(/larger than maxMessageBytes/);
    expect(server.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('cuts off an event that never ends, without waiting for the call timeout', async () => {
    server.mode = 'sse-endless';
    expect((await listingError(toolset())).message).toMatch(/an event larger than maxMessageBytes/);
    expect(server.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('accepts a stream larger than the bound made of events within it', async () => {
    server.mode = 'sse-small-events';
    const set = toolset();
    try {
      expect((await set.listServerTools()).map((t) => t.name)).toEqual(['echo']);
    } finally {
      await set.close();
    }
  });

  it('refuses a maxMessageBytes that is not a positive number', () => {
    expect(() => new McpToolset({ name: 'x', transport: { url, maxMessageBytes: 0 } })).toThrow(/transport\.maxMessageBytes must be a positive number \(got 0\)/);
  });
});

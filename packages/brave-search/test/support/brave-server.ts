import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A request the fake Brave server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** Answers one request; `index` counts requests from 0. */
export type Responder = (req: IncomingMessage, res: ServerResponse, index: number) => void;

/** A loopback HTTP server standing in for api.search.brave.com, recording what it receives. */
export interface BraveServer {
  /** The endpoint to pass as `options.endpoint`. */
  endpoint: string;
  requests: ReceivedRequest[];
  /** Requests whose connection was closed by the client before the answer was sent. */
  aborted: number;
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** The text of a fixture in `test/fixtures`. */
export function fixture(name: string): string {
  return readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');
}

/** A responder sending `body` with `status` as JSON. */
export function json(body: string, status = 200, headers: Record<string, string> = {}): Responder {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
}

/** Starts the server on a free loopback port. */
export async function startBraveServer(): Promise<BraveServer> {
  let responder: Responder = json(fixture('web-search.json'));
  const requests: ReceivedRequest[] = [];
  const state = { aborted: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    res.on('close', () => {
      if (!res.writableFinished) state.aborted++;
    });
    responder(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/res/v1/web/search`,
    requests,
    get aborted() {
      return state.aborted;
    },
    respond(next) {
      responder = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import { nextStep, outputItem, streamEvents, type Json } from './scripted-turns';

/** Largest request body the scripted server reads. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * A scripted stand-in for OpenAI's Responses API on loopback (127.0.0.1, a free port): it answers
 * `POST /v1/responses` as GPT-5.1 does with the built-in `shell` and `apply_patch` tools —
 * `shell_call` and `apply_patch_call` items, streamed as Server-Sent Events (or whole when not
 * streamed) — deciding each turn from the input it is sent. The real `openai` client and
 * `OpenAIResponsesModel` talk to it, so the native mapping runs exactly as against the API.
 */
export class ScriptedResponsesServer {
  /** Every request body received, in order. */
  readonly requests: Json[] = [];
  private server?: Server;
  private port = 0;

  /** Starts listening; resolves once the port is known. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  /** The base URL to give the `openai` client. */
  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Stops the server and closes its connections. */
  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Json;
    try {
      if (req.method !== 'POST' || !req.url?.endsWith('/responses')) throw new Error(`only POST /v1/responses is scripted (got ${req.method} ${req.url})`);
      body = JSON.parse(await readBody(req)) as Json;
      if (!Array.isArray(body.input)) throw new Error('the request has no input list');
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: (error as Error).message, type: 'invalid_request_error' } }));
      return;
    }
    this.requests.push(body);
    const turn = this.requests.length;
    const item = outputItem(nextStep(body.input as Json[]), turn);
    const response: Json = { id: `resp_scripted_${turn}`, object: 'response', status: 'completed', model: 'gpt-5.1', output: [item], usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 } };
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of streamEvents(response, item)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    res.end();
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

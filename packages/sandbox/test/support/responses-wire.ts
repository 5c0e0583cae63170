import { createServer, type Server } from 'node:http';
import OpenAI from 'openai';
import { OpenAIResponsesModel } from '@toolwright/openai';

type Json = Record<string, any>;

/** What the server answers to one request: a response object, or its stream of events. */
export type WireReply = { sse: Json[] } | { json: Json };

/**
 * An OpenAI-compatible server on loopback answering `POST /v1/responses` from a queue and
 * recording the request bodies. Streams are written in small pieces (splitting lines and JSON),
 * so the real `openai` client's incremental SSE parser does the work it does against the API.
 */
export class ResponsesWire {
  readonly requests: Json[] = [];
  private readonly replies: WireReply[] = [];
  private server!: Server;
  baseURL = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => void this.answer(body, res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseURL = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  /** Queues replies, answered in order. */
  reply(...replies: WireReply[]): void {
    this.replies.push(...replies);
  }

  /** A model on this server, through the real `openai` client. */
  model(name = 'gpt-5.1'): OpenAIResponsesModel {
    return new OpenAIResponsesModel({ client: new OpenAI({ apiKey: 'sk-loopback', baseURL: this.baseURL, maxRetries: 0 }), model: name });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(body: string, res: import('node:http').ServerResponse): Promise<void> {
    this.requests.push(JSON.parse(body));
    const reply = this.replies.shift();
    if (!reply) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"no reply queued"}}');
    } else if ('json' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
    } else {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const text = reply.sse.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
      for (let at = 0; at < text.length; at += 61) {
        res.write(text.slice(at, at + 61));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    }
  }
}

/** A final text answer, as a response object and as its stream. */
export function textAnswer(text: string): { json: Json; sse: Json[] } {
  const response: Json = {
    id: 'resp_answer',
    object: 'response',
    status: 'completed',
    model: 'gpt-5.1',
    output: [{ id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }],
    usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  };
  return {
    json: response,
    sse: [
      { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [] } },
      { type: 'response.output_text.delta', sequence_number: 1, output_index: 0, content_index: 0, item_id: 'msg_1', delta: text },
      { type: 'response.completed', sequence_number: 2, response },
    ],
  };
}

/** A `shell_call` output item in the documented shape (ResponseFunctionShellToolCall). */
export function shellCall(callId: string, commands: unknown, limits: { timeout_ms?: number | null; max_output_length?: number | null } = {}): Json {
  return {
    id: `sh_${callId}`,
    type: 'shell_call',
    call_id: callId,
    status: 'completed',
    environment: null,
    action: { commands, timeout_ms: limits.timeout_ms ?? null, max_output_length: limits.max_output_length ?? null },
  };
}

/** A response holding the given output items, whole and as the stream a server sends for it. */
export function callResponse(items: Json[], options: { emptyCompletedOutput?: boolean } = {}): { json: Json; sse: Json[] } {
  const response: Json = { id: 'resp_calls', object: 'response', status: 'completed', model: 'gpt-5.1', output: items, usage: { input_tokens: 20, output_tokens: 30, total_tokens: 50 } };
  const sse: Json[] = [{ type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [] } }];
  items.forEach((item, index) => {
    // `added` carries the item in progress (a shell call's commands not known yet); `done` the finished item.
    const added = item.type === 'shell_call' ? { ...item, status: 'in_progress', action: { ...item.action, commands: [] } } : { ...item, status: 'in_progress' };
    sse.push({ type: 'response.output_item.added', sequence_number: sse.length, output_index: index, item: added });
    sse.push({ type: 'response.output_item.done', sequence_number: sse.length, output_index: index, item });
  });
  sse.push({ type: 'response.completed', sequence_number: sse.length, response: options.emptyCompletedOutput ? { ...response, output: [] } : response });
  return { json: response, sse };
}

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GuardrailOutcome, defineToolInputGuardrail, toolsOf } from '@toolwright/core';
import { naturalSchemaOf } from '@toolwright/core/extend';
import { serveMcp, type McpServerHandle } from '@toolwright/mcp';
import { DemoTools, PNG, temperatureTool } from '../fixtures/demo-tools';
import { collectProgress } from '../helpers/progress';
import { eventually } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const TOKEN = 'secret-token';

async function connect(url: string, options: { token?: string; elicit?: (approve: boolean) => 'accept' | 'decline' } = {}): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' }, options.elicit ? { capabilities: { elicitation: {} } } : {});
  if (options.elicit) {
    const decide = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, async () => {
      const action = decide(true);
      return action === 'accept' ? { action, content: { approve: true } } : { action };
    });
  }
  const headers = { Authorization: `Bearer ${options.token ?? TOKEN}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const text = (result: unknown): string => ((result as CallToolResult).content as Array<{ type: string; text?: string }>).map((c) => c.text ?? `[${c.type}]`).join('\n');

describe('serveMcp over streamable HTTP, with the SDK client', () => {
  const demo = new DemoTools();
  const contexts: unknown[] = [];
  let server: McpServerHandle;
  let client: Client;

  beforeAll(async () => {
    server = await serveMcp([demo, temperatureTool()], {
      name: 'demo',
      version: '1.2.3',
      instructions: 'Demo tools.',
      transport: { port: 0, authenticate: (req) => req.headers.authorization === `Bearer ${TOKEN}` },
      runner: {
        guardrails: [defineToolInputGuardrail({ name: 'no-13', check: ({ args }) => (args?.a === 13 ? GuardrailOutcome.reject('13 is not allowed') : GuardrailOutcome.allow()) })],
      },
      context: (info) => {
        contexts.push(info);
        return { session: info.sessionId, user: String(info.headers?.authorization).slice(7) };
      },
    });
    client = await connect(server.url!);
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  describe('tools/list', () => {
    it('shows the natural schemas, risk annotations and output schemas', async () => {
      const { tools } = await client.listTools();
      const local = new Map(toolsOf(demo).map((t) => [t.name, t]));
      expect(tools.map((t) => t.name)).toEqual([...local.keys(), 'temperature']);
      for (const tool of tools.filter((t) => local.has(t.name))) {
        expect(tool.inputSchema).toEqual(naturalSchemaOf(local.get(tool.name)!));
        expect(tool.description).toBe(local.get(tool.name)!.description);
      }
      const byName = new Map(tools.map((t) => [t.name, t]));
      const greet = byName.get('greet')!.inputSchema as unknown as { properties: { title: { enum: unknown[] } } };
      expect(greet).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string' }, title: { type: 'string' } } });
      expect(new Set(greet.properties.title.enum)).toEqual(new Set(['Dr', 'Mr', 'Ms']));
      expect(byName.get('add')!.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      expect(byName.get('refund')!.annotations).toEqual({ destructiveHint: true });
      expect(byName.get('greet')!.annotations).toBeUndefined();
      expect(byName.get('temperature')!.outputSchema).toMatchObject({ required: ['city', 'celsius'] });
      expect(client.getServerVersion()).toMatchObject({ name: 'demo', version: '1.2.3' });
      expect(client.getInstructions()).toBe('Demo tools.');
    });
  });

  describe('tools/call', () => {
    it('runs a tool with validated arguments', async () => {
      expect(text(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }))).toBe('5');
      expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: null } }))).toBe('Hello, Ada!');
    });

    it('refuses invalid arguments before the tool runs, as an error result', async () => {
      const result = await client.callTool({ name: 'add', arguments: { a: 'two' } });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Invalid arguments for tool "add":\n- /b: is required but missing\n- /a: must be number (got "two")\nFix the arguments and call the tool again.');
    });

    it('answers an unknown tool with a protocol error', async () => {
      await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(McpError);
    });

    it('reports a failing tool as an error result', async () => {
      const result = await client.callTool({ name: 'fail', arguments: {} });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('An error occurred while running the tool "fail". Please try again. Error: the ledger is locked');
    });

    it('runs the runner guardrails', async () => {
      expect(text(await client.callTool({ name: 'add', arguments: { a: 13, b: 1 } }))).toBe('13 is not allowed');
    });

    it('sends image content as image blocks', async () => {
      const result = await client.callTool({ name: 'dot', arguments: {} });
      expect(result.content).toEqual([
        { type: 'text', text: 'a dot:' },
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
      ]);
    });

    it('returns structured content for a tool with an output schema, and refuses output that does not match it', async () => {
      const good = await client.callTool({ name: 'temperature', arguments: { city: 'Oslo' } });
      expect(good.structuredContent).toEqual({ city: 'Oslo', celsius: 4 });
      expect(text(good)).toBe('{"city":"Oslo","celsius":4}');
      const bad = await client.callTool({ name: 'temperature', arguments: { city: 'Nowhere' } });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/^The tool "temperature" returned output that does not match its output schema/);
    });

    it('turns ctx.emit into progress notifications', async () => {
      const seen = collectProgress(client, 'count-3');
      const result = await client.callTool({ name: 'count', arguments: { to: 3 }, _meta: { progressToken: 'count-3' } });
      expect(text(result)).toBe('counted to 3');
      expect(seen).toEqual([
        { progress: 1, message: 'counted 1' },
        { progress: 2, message: 'counted 2' },
        { progress: 3, message: 'counted 3' },
      ]);
    });

    it('aborts the tool when the client cancels the request (notifications/cancelled)', async () => {
      const controller = new AbortController();
      const started = collectProgress(client, 'wait-1');
      const call = client.callTool({ name: 'wait', arguments: { label: 'cancel-me' }, _meta: { progressToken: 'wait-1' } }, undefined, { signal: controller.signal });
      // The tool reports that it is waiting; then the client gives up on it.
      await eventually(() => started.length > 0, 20_000, 'the tool to start');
      controller.abort('no longer needed');
      await expect(call).rejects.toThrow();
      await eventually(() => demo.aborted.includes('cancel-me'), 20_000, 'the tool to see the cancellation');
      expect(demo.aborted).toContain('cancel-me');
    });

    it('gives each call the context built from its session and headers', async () => {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      const transport = (client as unknown as { transport: StreamableHTTPClientTransport }).transport;
      expect(JSON.parse(text(result))).toEqual({ session: transport.sessionId, user: TOKEN });
    });
  });

  describe('output caps', () => {
    it("cuts a long output to the runner's maxToolOutputBytes, as a model would see it", async () => {
      const capped = await serveMcp([new DemoTools()], { name: 'capped', version: '1.0.0', transport: { port: 0 }, runner: { maxToolOutputBytes: 40 } });
      const own = new Client({ name: 'c', version: '1' });
      try {
        await own.connect(new StreamableHTTPClientTransport(new URL(capped.url!)));
        const result = await own.callTool({ name: 'greet', arguments: { name: 'x'.repeat(500), title: null } });
        expect(text(result)).toMatch(/^Hello, x{17}\n… \[output cut: 468 of 508 bytes left out here \(limit 40 bytes\)\]\nx{15}!$/);
      } finally {
        await own.close();
        await capped.close();
      }
    });
  });

  describe('approvals', () => {
    it('answers a gated call with an error naming the pending approval, and runs the same call once approved', async () => {
      const args = { orderId: 'A-1', amount: 10 };
      const first = await client.callTool({ name: 'refund', arguments: args });
      expect(first.isError).toBe(true);
      expect(text(first)).toMatch(/^The tool "refund" needs approval before it runs\. Pending approval: apr_[0-9a-f-]{36}\. It did not run\./);
      expect(demo.refunds).toEqual([]);
      const pending = server.approvals.list();
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ toolName: 'refund', arguments: args, status: 'pending' });
      expect(text(first)).toContain(pending[0]!.id);
      // Asking again before a decision names the same pending approval.
      expect(text(await client.callTool({ name: 'refund', arguments: args }))).toContain(pending[0]!.id);
      server.approvals.approve(pending[0]!.id);
      expect(text(await client.callTool({ name: 'refund', arguments: args }))).toBe('refunded 10 on A-1');
      expect(demo.refunds).toEqual([args]);
      // The approval was used up: the next identical call waits again.
      expect((await client.callTool({ name: 'refund', arguments: args })).isError).toBe(true);
      expect(demo.refunds).toHaveLength(1);
    });

    it('answers the retry of a rejected call with the rejection', async () => {
      const args = { orderId: 'B-2', amount: 99 };
      await client.callTool({ name: 'refund', arguments: args });
      const id = server.approvals.list().find((p) => (p.arguments as { orderId: string }).orderId === 'B-2')!.id;
      server.approvals.reject(id, 'Refunds over 50 need a manager.');
      const retry = await client.callTool({ name: 'refund', arguments: args });
      expect(retry.isError).toBe(true);
      expect(text(retry)).toBe('Refunds over 50 need a manager.');
      expect(demo.refunds.some((r) => r.orderId === 'B-2')).toBe(false);
    });

    it('asks the user through elicitation when the client supports it', async () => {
      const decisions: Array<'accept' | 'decline'> = ['accept', 'decline'];
      const eliciting = await connect(server.url!, { elicit: () => decisions.shift()! });
      try {
        expect(text(await eliciting.callTool({ name: 'refund', arguments: { orderId: 'C-3', amount: 5 } }))).toBe('refunded 5 on C-3');
        const declined = await eliciting.callTool({ name: 'refund', arguments: { orderId: 'C-4', amount: 5 } });
        expect(declined.isError).toBe(true);
        expect(text(declined)).toBe('The user declined the call to "refund".');
        expect(demo.refunds.map((r) => r.orderId)).toContain('C-3');
        expect(demo.refunds.map((r) => r.orderId)).not.toContain('C-4');
      } finally {
        await eliciting.close();
      }
    });
  });

  describe('sessions and access', () => {
    it('refuses a client without credentials (authenticate hook)', async () => {
      const error = await connect(server.url!, { token: 'wrong' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(401);
    });

    it('answers an unknown or ended session with 404', async () => {
      const own = await connect(server.url!);
      const transport = (own as unknown as { transport: StreamableHTTPClientTransport }).transport;
      const id = transport.sessionId!;
      await transport.terminateSession();
      const response = await fetch(server.url!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': id, Authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(404);
      await own.close();
    });

    it('refuses a request that is not initialize without a session (400)', async () => {
      const response = await fetch(server.url!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(400);
    });

    it('refuses foreign Host and Origin headers (DNS rebinding)', async () => {
      const init = { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` } };
      expect((await fetch(server.url!, { ...init, headers: { ...init.headers, Origin: 'https://evil.example' } })).status).toBe(403);
      const url = new URL(server.url!);
      const response = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { Host: 'evil.example', Authorization: `Bearer ${TOKEN}` } }, (res: IncomingMessage) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
      expect(response).toBe(403);
    });
  });
});

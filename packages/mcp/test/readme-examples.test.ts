// The examples of the README, run as written there (plus assertions). Placeholders get concrete
// stand-ins: the filesystem server is started with this Node binary instead of `npx`, the
// model is a ScriptedModel, the toolkits are the test's DemoTools.
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, GuardrailOutcome, Runner, ScriptedModel, defineToolInputGuardrail, requireApprovalFor, type RunContext } from '@toolwright/core';
import { McpToolset, ToolProxyToolset, createMcpHttpHandler, serveMcp } from '@toolwright/mcp';
import { DemoTools } from './fixtures/demo-tools';
import { outputText } from './helpers/runs';
import { fixtureServer, officialServer, processAlive, tempDir } from './helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('README examples', () => {
  const notes = tempDir('tw-mcp-readme-');
  afterAll(() => notes.remove());

  it('Using an MCP server\'s tools, and the lifecycle', async () => {
    writeFileSync(join(notes.path, 'a.txt'), 'alpha');
    const files = new McpToolset({
      name: 'files',
      transport: officialServer('server-filesystem', [notes.path]),
      blockedTools: ['move_file'],
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'list_directory', arguments: { path: notes.path }, callId: 'l' }] }, { text: 'Done.' }]);
    const agent = new Agent({ name: 'librarian', tools: [files] });
    const result = await new Runner({ model }).run(agent, 'Summarise my notes into summary.md.');
    expect(outputText(result, 'l')).toContain('[FILE] a.txt');
    expect(model.requests[0]!.tools.map((t) => t.name)).not.toContain('move_file');

    await files.connect(); // runs reuse this connection and leave it open
    const pid = files.pid!;
    await new Runner({ model: new ScriptedModel([{ text: 'one' }]) }).run(agent, 'go');
    expect(processAlive(pid)).toBe(true);
    await files.close(); // ends the server and every process it started
    expect(processAlive(pid)).toBe(false);
  });

  it('gates what MCP would call destructive with requireApprovalFor({ destructive: true })', async () => {
    const fixture = new McpToolset({ name: 'fixture', transport: fixtureServer(join(notes.path, 'calls.jsonl')), allowedTools: ['echo', 'whoami'] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' }, callId: 'e' }, { name: 'whoami', arguments: {}, callId: 'w' }] }, { text: 'ok' }]);
    const runner = new Runner({ model, approvalPolicies: [requireApprovalFor({ destructive: true })] });
    const paused = await runner.run(new Agent({ name: 'a', tools: [fixture] }), 'go');
    // echo declares readOnlyHint: true, which an untrusted server's word does not make so;
    // whoami declares nothing, so MCP's defaults call it destructive: both are gated.
    expect(paused.interruptions.map((r) => r.toolName)).toEqual(['echo', 'whoami']);
    const trusting = new McpToolset({ name: 'fixture', transport: fixtureServer(join(notes.path, 'calls.jsonl')), allowedTools: ['echo', 'whoami'], trustAnnotations: true });
    const trustingModel = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' }, callId: 'e' }, { name: 'whoami', arguments: {}, callId: 'w' }] }, { text: 'ok' }]);
    const trustingRun = await new Runner({ model: trustingModel, approvalPolicies: [requireApprovalFor({ destructive: true })] }).run(new Agent({ name: 'a', tools: [trusting] }), 'go');
    expect(trustingRun.interruptions.map((r) => r.toolName)).toEqual(['whoami']);
    await trusting.close();
    await fixture.close();
    // Without the policy, neither is gated (the default follows only a stated destructiveHint).
    const plain = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'whoami', arguments: {}, callId: 'w' }] }, { text: 'ok' }]) }).run(new Agent({ name: 'a', tools: [fixture] }), 'go');
    expect(plain.status).toBe('completed');
  });

  it('Serving toolkits as an MCP server, approvals and context', async () => {
    const piiGuardrail = defineToolInputGuardrail({ name: 'pii', check: () => GuardrailOutcome.allow() });
    const userFromToken = (header: unknown) => String(header).slice('Bearer '.length);
    process.env.MCP_TOKEN = 'readme-token';
    const server = await serveMcp([new DemoTools()], {
      name: 'acme-tools',
      version: '1.0.0',
      transport: { port: 0, authenticate: (req) => req.headers.authorization === `Bearer ${process.env.MCP_TOKEN}` },
      runner: { guardrails: [piiGuardrail], maxToolOutputBytes: 64 * 1024 },
      context: ({ headers }) => ({ user: userFromToken(headers?.authorization) }),
    });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!), { requestInit: { headers: { Authorization: 'Bearer readme-token' } } }));
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(await client.callTool({ name: 'whoami', arguments: {} })).toMatchObject({ content: [{ text: '{"user":"readme-token"}' }] });
      await client.callTool({ name: 'refund', arguments: { orderId: 'S-1', amount: 20 } });
      await client.callTool({ name: 'refund', arguments: { orderId: 'L-1', amount: 80 } });
      const isSmallRefund = (args: unknown) => (args as { amount: number }).amount <= 50;
      for (const pending of server.approvals.list()) {
        if (isSmallRefund(pending.arguments)) server.approvals.approve(pending.id);
        else server.approvals.reject(pending.id, 'Refunds over 50 need a manager.');
      }
      expect(await client.callTool({ name: 'refund', arguments: { orderId: 'S-1', amount: 20 } })).toMatchObject({ content: [{ text: 'refunded 20 on S-1' }] });
      expect(await client.callTool({ name: 'refund', arguments: { orderId: 'L-1', amount: 80 } })).toMatchObject({ isError: true, content: [{ text: 'Refunds over 50 need a manager.' }] });
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('createMcpHttpHandler mounted in Express', async () => {
    const authenticate = (req: IncomingMessage) => req.headers['x-key'] === 'k';
    const mcp = await createMcpHttpHandler([new DemoTools()], { name: 'weather', version: '1.0.0', authenticate });
    const app = express();
    app.use(express.json());
    app.all('/mcp', (req, res) => mcp.handle(req, res, req.body)); // Express
    const http: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const client = new Client({ name: 'c', version: '1' });
    try {
      const { port } = http.address() as { port: number };
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { 'x-key': 'k' } } }));
      expect(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).toMatchObject({ content: [{ text: '3' }] });
    } finally {
      await client.close();
      await mcp.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('A proxy in front of many tools', async () => {
    const github = new McpToolset({ name: 'everything', transport: officialServer('server-everything', ['stdio']), allowedTools: ['echo', 'get-sum'] });
    const proxy = new ToolProxyToolset({ tools: [github, new DemoTools()] });
    const agent = new Agent({ name: 'assistant', tools: [proxy] });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_tools', arguments: { query: 'sum' }, callId: 's' }] },
      { toolCalls: [{ name: 'call_tool', arguments: { name: 'get-sum', parameters: { a: 1, b: 2 } }, callId: 'c' }] },
      { text: 'ok' },
    ]);
    const result = await new Runner({ model }).run(agent, 'go');
    expect(outputText(result, 's').split('\n')[0]).toMatch(/^\{"name":"get-sum"/);
    expect(outputText(result, 'c')).toBe('The sum of 1 and 2 is 3.');
    expect(model.requests.every((r) => r.tools.map((t) => t.name).join() === 'search_tools,call_tool')).toBe(true);
    expect((await proxy.tools(ctx)).length).toBe(2);
    await proxy.close();
  });
});

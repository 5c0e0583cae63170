import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Agent, Runner, ScriptedModel } from '@toolwright/core';
import { ToolwrightModule } from '@toolwright/nestjs';
import { McpToolset } from '@toolwright/mcp';
import { McpEndpoint, McpModule } from '../../src/nestjs';
import { DemoTools } from '../fixtures/demo-tools';
import { collectProgress } from '../helpers/progress';
import { outputText } from '../helpers/runs';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const TOKEN = 'nest-token';

@Module({
  imports: [
    ToolwrightModule.forRoot({ logDiscovery: false }),
    McpModule.forRoot({ name: 'nest-demo', version: '2.0.0', path: 'mcp', authenticate: (req) => req.headers.authorization === `Bearer ${TOKEN}` }),
  ],
  providers: [DemoTools],
})
class AppModule {}

const text = (result: unknown): string => ((result as CallToolResult).content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');

describe('McpModule: the discovered toolkits of a Nest application, served on a route over real HTTP', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create(AppModule, { logger: false });
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
    url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/api/mcp`;
  });
  afterAll(() => app.close());

  async function connect(token = TOKEN): Promise<Client> {
    const client = new Client({ name: 'nest-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    return client;
  }

  it('lists the discovered tools and runs them through the SDK client (schemas, progress, approval)', async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'nest-demo', version: '2.0.0' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['add', 'greet', 'count', 'dot', 'fail', 'refund', 'wait', 'whoami']);
      expect(text(await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } }))).toBe('42');
      const progress = collectProgress(client, 'nest-count');
      await client.callTool({ name: 'count', arguments: { to: 2 }, _meta: { progressToken: 'nest-count' } });
      expect(progress.map((p) => p.message)).toEqual(['counted 1', 'counted 2']);
      const refund = await client.callTool({ name: 'refund', arguments: { orderId: 'N-1', amount: 3 } });
      expect(text(refund)).toMatch(/needs approval before it runs\. Pending approval: apr_/);
      const endpoint = app.get(McpEndpoint);
      endpoint.approvals.approve(endpoint.approvals.list()[0]!.id);
      expect(text(await client.callTool({ name: 'refund', arguments: { orderId: 'N-1', amount: 3 } }))).toBe('refunded 3 on N-1');
      expect(app.get(DemoTools).refunds).toEqual([{ orderId: 'N-1', amount: 3 }]);
    } finally {
      await client.close();
    }
  });

  it('is an MCP server for McpToolset too', async () => {
    const remote = new McpToolset({ name: 'nest', transport: { url, headers: { Authorization: `Bearer ${TOKEN}` } }, allowedTools: ['greet'] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'greet', arguments: { name: 'Grace', title: 'Dr' }, callId: 'g' }] }, { text: 'ok' }]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [remote] }), 'go');
    expect(outputText(result, 'g')).toBe('Hello, Dr Grace!');
  });

  it('refuses a client the authenticate hook refuses', async () => {
    const error = await connect('wrong').catch((e: unknown) => e);
    expect((error as StreamableHTTPError).code).toBe(401);
  });
});

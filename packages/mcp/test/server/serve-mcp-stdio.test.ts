import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Agent, Runner, ScriptedModel, type RunContext } from '@toolwright/core';
import { McpToolset } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { collectProgress } from '../helpers/progress';
import { processAlive } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const script = join(__dirname, '..', 'fixtures', 'served-over-stdio.cjs');
const built = join(__dirname, '..', '..', 'dist', 'index.js');
const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('serveMcp over stdio (a child process running the built package)', () => {
  beforeAll(() => {
    if (!existsSync(built)) throw new Error(`${built} is missing: build first (npx tsc -b packages/mcp).`);
  });

  it('answers the SDK client: tools/list, tools/call, progress, images', async () => {
    const client = new Client({ name: 'sdk-client', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], stderr: 'pipe' }));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'stdio-demo', version: '0.0.1' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['add', 'count', 'dot', 'greet', 'whoami']);
      // The natural schema: the optional title is optional, and not nullable.
      expect(tools[3].inputSchema).toEqual({ type: 'object', properties: { name: { type: 'string' }, title: { type: 'string', enum: ['Dr', 'Ms'] } }, required: ['name'] });
      expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).toEqual({ content: [{ type: 'text', text: 'Hello, Ada!' }] });
      expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: null } })).toEqual({ content: [{ type: 'text', text: 'Hello, Ada!' }] });
      expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: 'Dr' } })).toEqual({ content: [{ type: 'text', text: 'Hello, Dr Ada!' }] });
      expect((await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: 'Sir' } })).isError).toBe(true);
      expect(tools[0]).toMatchObject({
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        annotations: { readOnlyHint: true },
      });
      expect(await client.callTool({ name: 'add', arguments: { a: 40, b: 2 } })).toEqual({ content: [{ type: 'text', text: '42' }] });
      const progress = collectProgress(client, 'count-1');
      await client.callTool({ name: 'count', arguments: { to: 2 }, _meta: { progressToken: 'count-1' } });
      expect(progress.map((p) => p.message)).toEqual(['counted 1', 'counted 2']);
      const dot = await client.callTool({ name: 'dot', arguments: {} });
      expect(dot.content).toMatchObject([{ type: 'text' }, { type: 'image', mimeType: 'image/png' }]);
      const invalid = await client.callTool({ name: 'add', arguments: { a: 1 } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('is used by McpToolset like any MCP server, and ends with it', async () => {
    const toolset = new McpToolset({ name: 'served', transport: { command: process.execPath, args: [script] }, trustAnnotations: true });
    await toolset.connect();
    const pid = toolset.pid!;
    try {
      const calls = [
        { name: 'add', arguments: { a: 1, b: 2 }, callId: 'a' },
        { name: 'whoami', arguments: {}, callId: 'w' },
        // The served optional title is optional on the wire; McpToolset's strict form makes it
        // required and nullable for the model, which sends null for it.
        { name: 'greet', arguments: { name: 'Ada', title: null }, callId: 'g' },
        { name: 'greet', arguments: { name: 'Ada', title: 'Ms' }, callId: 'g2' },
      ];
      const model = new ScriptedModel([{ toolCalls: calls }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go');
      expect(outputText(result, 'a')).toBe('3');
      expect(outputText(result, 'g')).toBe('Hello, Ada!');
      expect(outputText(result, 'g2')).toBe('Hello, Ms Ada!');
      const greet = (await toolset.tools(ctx)).find((t) => t.name === 'greet')!;
      expect(greet.parameters).toMatchObject({ required: ['name', 'title'], properties: { title: { type: ['string', 'null'] } } });
      expect(Number(outputText(result, 'w'))).toBe(pid);
      expect((await toolset.tools(ctx)).find((t) => t.name === 'add')).toMatchObject({ readOnly: true, strict: true });
    } finally {
      await toolset.close();
    }
    expect(processAlive(pid)).toBe(false);
  });
});

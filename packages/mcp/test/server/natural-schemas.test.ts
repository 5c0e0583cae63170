import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { defineTool, type JsonSchema } from '@toolwright/core';
import { serveMcp, type McpServerHandle } from '@toolwright/mcp';
import { DemoTools } from '../fixtures/demo-tools';

// These tests start a server: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const text = (result: unknown): string => ((result as CallToolResult).content as Array<{ type: string; text?: string }>).map((c) => c.text ?? `[${c.type}]`).join('\n');

/** A schema as an author writes it: `$schema`, `$defs`, optional fields at the top and nested. */
const planSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    window: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string', minLength: 2 } }, required: ['from'] },
  },
  properties: {
    city: { type: 'string' },
    timezone: { type: 'string', description: 'IANA name.' },
    note: { type: ['string', 'null'] },
    window: { $ref: '#/$defs/window' },
  },
  required: ['city', 'note'],
};

describe('serveMcp serves each tool\'s natural schema and validates calls made against it', () => {
  const received: unknown[] = [];
  const demo = new DemoTools();
  const plan = defineTool({
    name: 'plan',
    description: 'Plan a trip.',
    parameters: planSchema,
    invoke: (_ctx, args: unknown) => {
      received.push(args);
      return 'planned';
    },
  });
  let server: McpServerHandle;
  let client: Client;

  beforeAll(async () => {
    server = await serveMcp([demo, plan], { name: 'natural', version: '1.0.0', transport: { port: 0 } });
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('lists a defineTool schema as the author wrote it ($schema and $defs kept, optionals optional)', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'plan')!.inputSchema).toEqual(planSchema);
  });

  it('lists a decorated tool\'s optional @Param as optional and without an added null', async () => {
    const { tools } = await client.listTools();
    const greet = tools.find((t) => t.name === 'greet')!.inputSchema as unknown as { required: string[]; properties: { title: { type: unknown; enum: unknown[] } } };
    expect(greet.required).toEqual(['name']);
    expect(greet.properties.title.type).toBe('string');
    expect(new Set(greet.properties.title.enum)).toEqual(new Set(['Dr', 'Mr', 'Ms']));
    expect(JSON.stringify(tools.filter((t) => t.name !== 'plan').map((t) => t.inputSchema))).not.toContain('"null"');
  });

  it('runs a call that leaves optional arguments out, as one that sends null: the tool receives the same', async () => {
    expect(await client.callTool({ name: 'plan', arguments: { city: 'Oslo', note: 'x', window: { from: 'mon' } } })).toEqual({ content: [{ type: 'text', text: 'planned' }] });
    expect(await client.callTool({ name: 'plan', arguments: { city: 'Oslo', note: 'x', timezone: null, window: { from: 'mon', to: null } } })).toEqual({ content: [{ type: 'text', text: 'planned' }] });
    expect(received).toEqual([{ city: 'Oslo', note: 'x', window: { from: 'mon' } }, { city: 'Oslo', note: 'x', window: { from: 'mon' } }]);
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } }))).toBe('Hello, Ada!');
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: null } }))).toBe('Hello, Ada!');
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: 'Dr' } }))).toBe('Hello, Dr Ada!');
  });

  it('stays as strict as the author\'s schema otherwise', async () => {
    const wrongType = await client.callTool({ name: 'plan', arguments: { city: 'Oslo', note: 'x', timezone: 7 } });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/^Invalid arguments for tool "plan":\n- \/timezone: must be string/);
    // `note` is required by the author, though it may be null: leaving it out is refused.
    const missing = await client.callTool({ name: 'plan', arguments: { city: 'Oslo' } });
    expect(text(missing)).toMatch(/\/note: is required/);
    const nested = await client.callTool({ name: 'plan', arguments: { city: 'Oslo', note: null, window: { to: 'x' } } });
    expect(text(nested)).toMatch(/\/window\/from: is required/);
    expect(text(nested)).toMatch(/\/window\/to: /);
    const badEnum = await client.callTool({ name: 'greet', arguments: { name: 'Ada', title: 'Sir' } });
    expect(badEnum.isError).toBe(true);
    expect(received).toEqual([]);
  });

  it('refuses arguments nested thousands of levels deep with an argument error, and keeps serving', async () => {
    let deep: unknown = { from: 'a' };
    for (let i = 0; i < 3000; i++) deep = { from: 'a', to: deep };
    const result = await client.callTool({ name: 'plan', arguments: { city: 'Oslo', note: null, window: deep } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Invalid arguments for tool "plan"/);
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } }))).toBe('Hello, Ada!');
  });

  it('answers an unknown tool with the protocol error, its code prefix once', async () => {
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/^MCP error -32602: Tool nope not found$/);
  });
});

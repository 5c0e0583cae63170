// List-changed notifications end to end over real HTTP: serveMcp declares tools.listChanged and
// sends notifications/tools/list_changed when a served call changed the tools (to the caller on
// the call's own stream, before its result, and to the other sessions) or when told to; the SDK
// client hears them, and McpToolset (caching its listing) lists again for the next turn.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Agent, Runner, ScriptedModel, defineTool, type Tool, type Toolset } from '@toolwright/core';
import { McpToolset, serveMcp, type McpServerHandle } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';

jest.setTimeout(60_000);

/** A toolset whose `unlock` tool adds a `secret` tool, and whose `lock` tool takes it away. */
class Vault implements Toolset {
  readonly name = 'vault';
  open = false;
  private readonly unlock = defineTool({ name: 'unlock', description: 'Adds the secret tool.', parameters: { type: 'object', properties: {} }, invoke: () => ((this.open = true), 'unlocked') });
  private readonly lock = defineTool({ name: 'lock', description: 'Removes the secret tool.', parameters: { type: 'object', properties: {} }, invoke: () => ((this.open = false), 'locked') });
  private readonly secret = defineTool({ name: 'secret', description: 'Tells the secret.', parameters: { type: 'object', properties: {} }, invoke: () => '42' });

  tools(): Tool[] {
    return this.open ? [this.unlock, this.lock, this.secret] : [this.unlock, this.lock];
  }
}

/** Waits (generously) until `condition` holds: a notification on a session's own stream arrives when it arrives. */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe('serveMcp: tools/list_changed', () => {
  let server: McpServerHandle;
  const vault = new Vault();

  beforeAll(async () => {
    server = await serveMcp([vault], { name: 'vault', version: '1.0.0', transport: { port: 0 } });
  });
  afterAll(() => server.close());

  async function connect(): Promise<{ client: Client; changes: () => number }> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    let count = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void count++);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
    return { client, changes: () => count };
  }

  it('declares listChanged and announces a change a call made: to the caller before the result, and to the other sessions', async () => {
    vault.open = false;
    const caller = await connect();
    const other = await connect();
    try {
      expect(caller.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
      expect((await caller.client.listTools()).tools.map((t) => t.name)).toEqual(['unlock', 'lock']);
      const result = (await caller.client.callTool({ name: 'unlock', arguments: {} })) as CallToolResult;
      expect(result.content).toEqual([{ type: 'text', text: 'unlocked' }]);
      expect(caller.changes()).toBe(1);
      expect((await caller.client.listTools()).tools.map((t) => t.name)).toEqual(['unlock', 'lock', 'secret']);
      await eventually(() => other.changes() === 1, 'the other session to hear of the change');
      // A call that changes nothing announces nothing; one that removes a tool does.
      await caller.client.callTool({ name: 'secret', arguments: {} });
      expect(caller.changes()).toBe(1);
      await caller.client.callTool({ name: 'lock', arguments: {} });
      expect(caller.changes()).toBe(2);
      expect((await caller.client.listTools()).tools.map((t) => t.name)).toEqual(['unlock', 'lock']);
    } finally {
      await caller.client.close();
      await other.client.close();
    }
  });

  it('announces a change when told (server.notifyToolsChanged) for a toolset that changes on its own', async () => {
    const session = await connect();
    try {
      await session.client.listTools();
      vault.open = !vault.open;
      await server.notifyToolsChanged();
      await eventually(() => session.changes() === 1, 'the notification');
    } finally {
      await session.client.close();
    }
  });

  it('makes McpToolset, which caches its listing, list the tools again for the next turn', async () => {
    vault.open = false;
    const remote = new McpToolset({ name: 'remote', transport: { url: server.url! }, cacheTools: true });
    await remote.connect();
    try {
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'unlock', arguments: {}, callId: 'unlock' }] },
        { toolCalls: [{ name: 'secret', arguments: {}, callId: 'secret' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [remote] }), 'open the vault');
      expect(model.requests.map((request) => request.tools.map((t) => t.name))).toEqual([
        ['unlock', 'lock'],
        ['unlock', 'lock', 'secret'],
        ['unlock', 'lock', 'secret'],
      ]);
      expect(outputText(result, 'secret')).toBe('42');
    } finally {
      await remote.close();
    }
  });

  it('passes on a change the server of a served McpToolset announces (a proxy of another MCP server)', async () => {
    const upstream = new McpToolset({ name: 'upstream', transport: { url: server.url! }, cacheTools: true });
    const proxy = await serveMcp([upstream], { name: 'proxy', version: '1.0.0', transport: { port: 0 } });
    const client = new Client({ name: 'test', version: '1.0.0' });
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url!)));
      const before = (await client.listTools()).tools.map((t) => t.name);
      vault.open = !vault.open;
      await server.notifyToolsChanged();
      await eventually(() => changes === 1, 'the proxy to pass the change on');
      const after = (await client.listTools()).tools.map((t) => t.name);
      expect(after).toEqual(vault.open ? ['unlock', 'lock', 'secret'] : ['unlock', 'lock']);
      expect(after).not.toEqual(before);
    } finally {
      await client.close();
      await proxy.close();
    }
  });
});

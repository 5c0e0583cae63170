// serveMcp's protocol features end to end over real HTTP with the SDK client: tools that talk
// back (logging honouring setLevel, elicitation, sampling, progress totals), decorated resources,
// templates and prompts with completions and subscriptions, SSE resumability by Last-Event-ID,
// and OAuth's 401 challenge with protected-resource metadata.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema,
  type CallToolResult, type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { Content, Ctx, Param, Tool, ToolResult, Toolkit, userMessage, type ToolContext } from '@toolwright/core';
import { MemoryEventStore, Prompt, Resource, ResourceTemplate, serveMcp, type McpServerHandle } from '@toolwright/mcp';

jest.setTimeout(60_000);

class Talker {
  @Tool({ description: 'Logs at every level.' })
  chatty(@Ctx() ctx: ToolContext): string {
    for (const level of ['debug', 'info', 'warning', 'error'] as const) ctx.log(level, { level });
    return 'done';
  }

  @Tool({ description: 'Asks the user for a colour.' })
  async colour(@Ctx() ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit('Pick a colour', { type: 'object', properties: { colour: { type: 'string', enum: ['red', 'blue'], default: 'red' } } });
    return `${answer.action}:${JSON.stringify(answer.content ?? null)}`;
  }

  @Tool({ description: "Asks the client's model." })
  async ask(@Param('question') question: string, @Ctx() ctx: ToolContext): Promise<string> {
    return ctx.sample([userMessage(question)], { maxTokens: 20 });
  }

  @Tool({ description: 'Reports progress with a total.' })
  async steps(@Ctx() ctx: ToolContext): Promise<string> {
    for (const progress of [1, 2]) ctx.emit(ToolResult.text(`step ${progress}`).withDetails({ progress, total: 2 }));
    return 'ok';
  }

  @Tool({ description: 'Returns audio and a text resource.' })
  media(): ToolResult {
    return ToolResult.of([Content.audio({ data: Buffer.from('RIFF'), mimeType: 'audio/wav' }), Content.file({ data: '# Note', filename: 'n.md', mimeType: 'text/markdown', uri: 'notes://1' })]);
  }

  @Tool({ description: 'Slow.' })
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return 'slow result';
  }
}

@Toolkit()
class Notes {
  readonly notes = new Map([['1', '# First'], ['2', '# Second']]);

  @Resource('notes://index', { mimeType: 'application/json', description: 'All note ids' })
  index(): string {
    return JSON.stringify([...this.notes.keys()]);
  }

  @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown', complete: { id: (value) => [...new Map([['1', 0], ['2', 0], ['10', 0]]).keys()].filter((id) => id.startsWith(value)) } })
  note(@Param('id') id: string): string {
    const note = this.notes.get(id);
    if (note === undefined) throw new Error(`no note ${id}`);
    return note;
  }

  @Prompt({ description: 'Summarise a note', optional: ['tone'], complete: { tone: (v) => ['dry', 'warm'].filter((t) => t.startsWith(v)) } })
  summarise(@Param('id', { description: 'The note' }) id: string, @Param('tone') tone?: string) {
    return [{ role: 'user' as const, content: [`Summarise note ${id}${tone ? ` in a ${tone} tone` : ''}.`, Content.file({ data: this.notes.get(id) ?? '', filename: 'note.md', mimeType: 'text/markdown', uri: `notes://${id}` })] }];
  }
}

const text = (result: unknown): string => ((result as CallToolResult).content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');

describe('serveMcp: tools that talk back, resources and prompts', () => {
  let server: McpServerHandle;
  beforeAll(async () => {
    server = await serveMcp([new Talker(), new Notes()], { name: 'talk', version: '1.0.0', transport: { port: 0, pollingAfterMs: 100, retryMs: 250, eventStore: new MemoryEventStore() } });
  });
  afterAll(() => server.close());

  async function connect(capabilities: ConstructorParameters<typeof Client>[1] = {}): Promise<Client> {
    const client = new Client({ name: 'test', version: '1.0.0' }, capabilities);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
    return client;
  }

  it('sends log messages at or above the level the client set', async () => {
    const client = await connect();
    const logs: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    try {
      await client.callTool({ name: 'chatty', arguments: {} });
      expect(logs.map((l) => l.level)).toEqual(['debug', 'info', 'warning', 'error']);
      expect(logs[0]).toMatchObject({ logger: 'talk', data: { level: 'debug' } });
      logs.length = 0;
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'chatty', arguments: {} });
      expect(logs.map((l) => l.level)).toEqual(['warning', 'error']);
    } finally {
      await client.close();
    }
  });

  it('elicits through the client (accept, decline as a value) and refuses a client without the capability', async () => {
    const client = await connect({ capabilities: { elicitation: {} } });
    const answers = [{ action: 'accept', content: { colour: 'blue' } }, { action: 'decline' }];
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return answers.shift() as never;
    });
    try {
      expect(text(await client.callTool({ name: 'colour', arguments: {} }))).toBe('accept:{"colour":"blue"}');
      expect(text(await client.callTool({ name: 'colour', arguments: {} }))).toBe('decline:null');
      expect(asked[0]).toMatchObject({ message: 'Pick a colour', requestedSchema: { properties: { colour: { enum: ['red', 'blue'], default: 'red' } } } });
    } finally {
      await client.close();
    }
    const plain = await connect();
    try {
      const refused = (await plain.callTool({ name: 'colour', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/did not declare form elicitation/);
    } finally {
      await plain.close();
    }
  });

  it("samples the client's model", async () => {
    const client = await connect({ capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant', model: 'test-model', content: { type: 'text', text: `echo ${(request.params.messages[0]!.content as { text: string }).text} (${request.params.maxTokens})` },
    }));
    try {
      expect(text(await client.callTool({ name: 'ask', arguments: { question: 'hi' } }))).toBe('echo hi (20)');
    } finally {
      await client.close();
    }
  });

  it('sends progress with the total the tool gives, audio blocks and text resources under their own URI', async () => {
    const client = await connect();
    const progress: Array<{ progress: number; total?: number }> = [];
    try {
      await client.callTool({ name: 'steps', arguments: {} }, undefined, { onprogress: (p) => void progress.push({ progress: p.progress, total: p.total }) });
      expect(progress).toEqual([{ progress: 1, total: 2 }, { progress: 2, total: 2 }]);
      const media = (await client.callTool({ name: 'media', arguments: {} })) as CallToolResult;
      expect(media.content).toEqual([
        { type: 'audio', mimeType: 'audio/wav', data: Buffer.from('RIFF').toString('base64') },
        { type: 'resource', resource: { uri: 'notes://1', mimeType: 'text/markdown', text: '# Note' } },
      ]);
    } finally {
      await client.close();
    }
  });

  it('serves decorated resources, templates, prompts and completions', async () => {
    const client = await connect();
    try {
      expect((await client.listResources()).resources).toEqual([{ uri: 'notes://index', name: 'index', description: 'All note ids', mimeType: 'application/json' }]);
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ uriTemplate: 'notes://{id}', name: 'note', mimeType: 'text/markdown' }]);
      expect((await client.readResource({ uri: 'notes://2' })).contents).toEqual([{ uri: 'notes://2', mimeType: 'text/markdown', text: '# Second' }]);
      await expect(client.readResource({ uri: 'other://x' })).rejects.toThrow(/Resource other:\/\/x not found/);
      await expect(client.readResource({ uri: 'notes://9' })).rejects.toThrow(/no note 9/);
      expect((await client.listPrompts()).prompts).toEqual([
        { name: 'summarise', description: 'Summarise a note', arguments: [{ name: 'id', description: 'The note', required: true }, { name: 'tone', required: false }] },
      ]);
      const prompt = await client.getPrompt({ name: 'summarise', arguments: { id: '1', tone: 'dry' } });
      expect(prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Summarise note 1 in a dry tone.' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'notes://1', mimeType: 'text/markdown', text: '# First' } } },
      ]);
      await expect(client.getPrompt({ name: 'summarise', arguments: {} })).rejects.toThrow(/missing required argument id/);
      await expect(client.getPrompt({ name: 'summarise', arguments: { id: '1', __proto__x: 'y' } })).rejects.toThrow(/unknown argument "__proto__x"/);
      expect((await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: '1' } })).completion.values).toEqual(['1', '10']);
      expect((await client.complete({ ref: { type: 'ref/prompt', name: 'summarise' }, argument: { name: 'tone', value: 'w' } })).completion.values).toEqual(['warm']);
    } finally {
      await client.close();
    }
  });

  it('tells subscribed sessions that a resource changed, and only them', async () => {
    const client = await connect();
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    try {
      await client.subscribeResource({ uri: 'notes://1' });
      await server.notifyResourceUpdated('notes://2');
      await server.notifyResourceUpdated('notes://1');
      await client.unsubscribeResource({ uri: 'notes://1' });
      await server.notifyResourceUpdated('notes://1');
      await client.ping();
      // Wait for the GET stream to deliver: poll, bounded.
      for (let i = 0; i < 100 && updates.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(updates).toEqual(['notes://1']);
      await expect(client.subscribeResource({ uri: 'nothing://here' })).rejects.toThrow(/not found/);
    } finally {
      await client.close();
    }
  });

  it('primes each stream with an event id and retry, closes a long call\'s stream, and replays its result by Last-Event-ID', async () => {
    const init = await fetch(server.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await (await fetch(server.url!, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
    const call = await fetch(server.url!, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: {} } }) });
    const first = await call.text();
    expect(first).toMatch(/^id: (\S+)\nretry: 250\ndata: \n/);
    expect(first).not.toContain('slow result');
    const lastEventId = /^id: (\S+)/.exec(first)![1]!;
    const resumed = await fetch(server.url!, { method: 'GET', headers: { ...headers, 'last-event-id': lastEventId } });
    const reader = resumed.body!.getReader();
    let body = '';
    while (!body.includes('slow result')) {
      const { value, done } = await reader.read();
      if (done) break;
      body += Buffer.from(value).toString('utf8');
    }
    await reader.cancel();
    expect(body).toContain('"id":1');
    expect(body).toContain('slow result');
  });
});

describe('serveMcp with OAuth: 401 with WWW-Authenticate and protected-resource metadata (RFC 9728)', () => {
  let server: McpServerHandle;
  beforeAll(async () => {
    server = await serveMcp([new Talker()], {
      name: 'guarded', version: '1.0.0',
      transport: { port: 0, authenticate: (req) => req.headers.authorization === 'Bearer good', oauth: { authorizationServers: ['https://auth.example.com'], scopesSupported: ['mcp:tools'] } },
    });
  });
  afterAll(() => server.close());

  it('challenges a request without a valid token and serves the metadata the challenge names', async () => {
    const refused = await fetch(server.url!, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('scope="mcp:tools"');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(new URL(metadataUrl).pathname).toBe('/.well-known/oauth-protected-resource/mcp');
    const metadata = await (await fetch(metadataUrl)).json();
    expect(metadata).toEqual({ resource: server.url, authorization_servers: ['https://auth.example.com'], scopes_supported: ['mcp:tools'], bearer_methods_supported: ['header'] });
    const client = new Client({ name: 'ok', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!), { requestInit: { headers: { Authorization: 'Bearer good' } } }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('refuses oauth without authenticate', async () => {
    await expect(serveMcp([new Talker()], { name: 'x', version: '1', transport: { port: 0, oauth: { authorizationServers: ['https://a.example'] } } })).rejects.toThrow(/oauth needs authenticate/);
  });
});

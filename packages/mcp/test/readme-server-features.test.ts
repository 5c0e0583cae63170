// The README's "Tools that talk back" and "Resources and prompts" examples, as written there
// (plus assertions), against the SDK client over real HTTP; and a resource_link serveMcp emits
// resolving through resources/read.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Content, Ctx, Param, Tool, Toolkit, ToolResult, userMessage, type ToolContext } from '@toolwright/core';
import { Prompt, Resource, ResourceTemplate, serveMcp } from '@toolwright/mcp';

jest.setTimeout(60_000);

class Deployer {
  @Tool({ description: 'Deploy a service.' })
  async deploy(@Param('service') service: string, @Ctx() ctx: ToolContext): Promise<string> {
    ctx.log('info', { service, phase: 'start' });                     // notifications/message
    const answer = await ctx.elicit(`Deploy ${service} to which region?`, {
      type: 'object',
      properties: {
        region: { type: 'string', enum: ['eu-west-1', 'us-east-1'], default: 'eu-west-1' },
        canary: { type: 'boolean', default: true },
      },
      required: ['region'],
    });
    if (answer.action !== 'accept') return `Not deployed (${answer.action}).`;  // decline / cancel are values
    const notes = await ctx.sample([userMessage(`Write one line of release notes for ${service}.`)], { maxTokens: 60 });
    return `Deployed ${service} to ${answer.content!.region}. ${notes}`;
  }

  @Tool({ description: 'Links to a note.' })
  link(): ToolResult {
    return ToolResult.of(Content.file({ url: 'notes://42' }));
  }
}

@Toolkit()
class NotesKit {
  constructor(private readonly notes: Map<string, string>) {}

  @Resource('notes://index', { mimeType: 'application/json', description: 'All note ids' })
  index() { return JSON.stringify([...this.notes.keys()]); }

  @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown', complete: { id: (prefix, { toolkit }) => (toolkit as NotesKit).ids(prefix) } })
  note(@Param('id') id: string) { return this.notes.get(id) ?? ''; }

  ids(prefix: string) { return [...this.notes.keys()].filter((id) => id.startsWith(prefix)); }

  @Prompt({ description: 'Summarise a note', complete: { tone: (v) => ['dry', 'warm'].filter((t) => t.startsWith(v)) } })
  summarise(@Param('id', { description: 'The note' }) id: string, @Param('tone') tone?: 'dry' | 'warm') {
    return [{ role: 'user' as const, content: [`Summarise${tone ? ` in a ${tone} tone` : ''}:`, Content.file({ data: this.notes.get(id) ?? '', filename: `${id}.md`, mimeType: 'text/markdown', uri: `notes://${id}` })] }];
  }
}

describe('README: tools that talk back, resources and prompts', () => {
  it('runs the examples', async () => {
    const notes = new Map([['42', '# Answer'], ['7', '# Seven']]);
    const server = await serveMcp([new Deployer(), new NotesKit(notes)], { name: 'notes', version: '1.0.0', transport: { port: 0 } });
    const client = new Client({ name: 'readme', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {} } });
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params.data));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { region: 'us-east-1', canary: true } }));
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'Faster.' } }));
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
      const deployed = (await client.callTool({ name: 'deploy', arguments: { service: 'api' } })) as CallToolResult;
      expect(deployed.content).toEqual([{ type: 'text', text: 'Deployed api to us-east-1. Faster.' }]);
      expect(logs).toEqual([{ service: 'api', phase: 'start' }]);

      const link = (await client.callTool({ name: 'link', arguments: {} })) as CallToolResult;
      expect(link.content).toEqual([{ type: 'resource_link', uri: 'notes://42', name: 'file' }]);
      expect((await client.readResource({ uri: 'notes://42' })).contents).toEqual([{ uri: 'notes://42', mimeType: 'text/markdown', text: '# Answer' }]);

      const index = (await client.readResource({ uri: 'notes://index' })).contents[0] as { text: string };
      expect(JSON.parse(index.text)).toEqual(['42', '7']);
      expect((await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: '4' } })).completion.values).toEqual(['42']);
      // `tone?: 'dry' | 'warm'` is optional and checked, from the TypeScript types.
      expect((await client.listPrompts()).prompts[0]!.arguments).toEqual([{ name: 'id', description: 'The note', required: true }, { name: 'tone', required: false }]);
      await expect(client.getPrompt({ name: 'summarise', arguments: { id: '7', tone: 'angry' } })).rejects.toThrow(/argument "tone" must be one of "dry", "warm"/);
      const prompt = await client.getPrompt({ name: 'summarise', arguments: { id: '7' } });
      expect(prompt.messages[1]).toEqual({ role: 'user', content: { type: 'resource', resource: { uri: 'notes://7', mimeType: 'text/markdown', text: '# Seven' } } });
      await server.notifyResourceUpdated('notes://42');
      await server.notifyToolsChanged();
    } finally {
      await client.close();
      await server.close();
    }
  });
});

// Prompts and resource templates take their @Param arguments with build-time schemas, end to end
// over real HTTP with the SDK client: the scanner transformer (which ts-jest runs) embeds the
// schema into @Prompt / @ResourceTemplate, and a loaded manifest serves methods compiled without
// it. prompts/list shows required flags and descriptions from the TypeScript types; prompts/get
// and resources/read read each argument as its type and refuse what does not match.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Param, Toolkit, loadSchemaManifest } from '@toolwright/core';
import { Prompt, ResourceTemplate, serveMcp, type McpServerHandle } from '@toolwright/mcp';

jest.setTimeout(60_000);

type Tone = 'dry' | 'warm';

@Toolkit()
class TypedNotes {
  readonly seen: unknown[][] = [];

  /** A line of a note. */
  @ResourceTemplate('notes://{id}/lines/{line}', { mimeType: 'text/plain' })
  line(@Param('id') id: number, @Param('line') line: number): string {
    this.seen.push([id, line]);
    return `note ${typeof id} ${id}, line ${typeof line} ${line}`;
  }

  /**
   * Summarise a note.
   * @param id The note to summarise.
   */
  @Prompt()
  summarise(@Param('id') id: number, @Param('tone') tone?: Tone, @Param('short', { description: 'One sentence only' }) short = false): string {
    this.seen.push([id, tone, short]);
    return `Summarise note ${typeof id} ${id}${tone ? ` in a ${tone} tone` : ''}${short ? ', in one sentence' : ''}.`;
  }
}

/** A class whose decorators are applied by hand, so no schema is embedded: a manifest gives it. */
class ManifestNotes {
  outline(topic: string, depth?: number): string {
    return `Outline ${topic} to depth ${typeof depth} ${depth}.`;
  }
}
Param('topic')(ManifestNotes.prototype, 'outline', 0);
Param('depth')(ManifestNotes.prototype, 'outline', 1);
Prompt()(ManifestNotes.prototype, 'outline', Object.getOwnPropertyDescriptor(ManifestNotes.prototype, 'outline')!);

describe('serveMcp: prompts and resource templates with build-time argument schemas', () => {
  let server: McpServerHandle;
  let client: Client;
  const notes = new TypedNotes();

  beforeAll(async () => {
    loadSchemaManifest({
      version: 1,
      tools: {},
      members: {
        'ManifestNotes.outline': {
          description: 'Outline a topic.',
          parameters: { type: 'object', properties: { topic: { type: 'string', description: 'What to outline' }, depth: { type: 'integer', minimum: 1 } }, required: ['topic'] },
        },
      },
    });
    server = await serveMcp([notes, new ManifestNotes()], { name: 'typed', version: '1.0.0', transport: { port: 0 } });
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('lists each argument with its description and a required flag from the TypeScript types (optional and defaulted ones not required)', async () => {
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'summarise',
        description: 'Summarise a note.',
        arguments: [
          { name: 'id', description: 'The note to summarise.', required: true },
          { name: 'tone', required: false },
          { name: 'short', description: 'One sentence only', required: false },
        ],
      },
      { name: 'outline', description: 'Outline a topic.', arguments: [{ name: 'topic', description: 'What to outline', required: true }, { name: 'depth', required: false }] },
    ]);
  });

  it('gets a prompt with each argument read as its declared type, leaving optional ones out', async () => {
    const first = await client.getPrompt({ name: 'summarise', arguments: { id: '42', tone: 'dry', short: 'true' } });
    expect(first.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarise note number 42 in a dry tone, in one sentence.' } }]);
    const second = await client.getPrompt({ name: 'summarise', arguments: { id: '7' } });
    expect(second.messages[0]!.content).toEqual({ type: 'text', text: 'Summarise note number 7.' });
    expect(notes.seen.slice(-2)).toEqual([[42, 'dry', true], [7, undefined, false]]);
  });

  it('refuses prompt arguments that do not match the schema with -32602 and a message naming the argument', async () => {
    const count = notes.seen.length;
    await expect(client.getPrompt({ name: 'summarise', arguments: { id: 'forty-two' } })).rejects.toThrow(/-32602.*Prompt summarise: argument "id" must be number/);
    await expect(client.getPrompt({ name: 'summarise', arguments: { id: '1', tone: 'angry' } })).rejects.toThrow(/Prompt summarise: argument "tone" must be one of "dry", "warm" \(got "angry"\)/);
    await expect(client.getPrompt({ name: 'summarise', arguments: { id: '1', short: 'maybe' } })).rejects.toThrow(/argument "short" must be boolean/);
    await expect(client.getPrompt({ name: 'summarise', arguments: { tone: 'dry' } })).rejects.toThrow(/missing required argument id/);
    expect(notes.seen.length).toBe(count);
  });

  it('reads a template resource with its variables as their declared types, and refuses ones that do not match', async () => {
    expect((await client.readResource({ uri: 'notes://3/lines/14' })).contents).toEqual([{ uri: 'notes://3/lines/14', mimeType: 'text/plain', text: 'note number 3, line number 14' }]);
    await expect(client.readResource({ uri: 'notes://3/lines/first' })).rejects.toThrow(/-32602.*Resource notes:\/\/3\/lines\/first: argument "line" must be number/);
  });

  it('uses the schema of a loaded manifest (toolwright scan) for a method compiled without an embedded one', async () => {
    const got = await client.getPrompt({ name: 'outline', arguments: { topic: 'MCP', depth: '2' } });
    expect(got.messages[0]!.content).toEqual({ type: 'text', text: 'Outline MCP to depth number 2.' });
    await expect(client.getPrompt({ name: 'outline', arguments: { topic: 'MCP', depth: '0' } })).rejects.toThrow(/argument "depth" must be >= 1/);
    await expect(client.getPrompt({ name: 'outline', arguments: { topic: 'MCP', depth: '1.5' } })).rejects.toThrow(/argument "depth" must be integer/);
  });
});

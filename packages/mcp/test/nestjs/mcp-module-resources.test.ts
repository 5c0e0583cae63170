import 'reflect-metadata';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Param, Tool, Toolkit } from '@toolwright/core';
import { ToolwrightModule } from '@toolwright/nestjs';
import { Prompt, Resource, ResourceTemplate } from '@toolwright/mcp';
import { McpModule } from '../../src/nestjs';

// Starts a Nest application: a generous bound for a loaded machine (not a timing assertion).
jest.setTimeout(60_000);

@Injectable()
class NotesStore {
  readonly notes = new Map([['1', 'one'], ['2', 'two']]);
}

@Toolkit()
@Injectable()
class NotesKit {
  constructor(private readonly store: NotesStore) {}

  @Tool({ description: 'Counts the notes.' })
  count(): number {
    return this.store.notes.size;
  }

  @ResourceTemplate('notes://{id}', { mimeType: 'text/plain' })
  note(@Param('id') id: string): string {
    return this.store.notes.get(id) ?? '';
  }
}

/** Only resources and a prompt: discovered because of @Toolkit(). */
@Toolkit()
@Injectable()
class Guides {
  @Resource('guides://style')
  style(): string {
    return 'Be brief.';
  }

  @Prompt({ description: 'Greets someone' })
  greet(@Param('name') name: string): string {
    return `Say hello to ${name}.`;
  }
}

@Module({
  imports: [ToolwrightModule.forRoot({ logDiscovery: false }), McpModule.forRoot({ name: 'nest-notes', version: '1.0.0', path: 'mcp' })],
  providers: [NotesStore, NotesKit, Guides],
})
class AppModule {}

describe('McpModule: resources and prompts of the discovered toolkits', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await NestFactory.create(AppModule, { logger: false });
    await app.listen(0, '127.0.0.1');
  });
  afterAll(() => app.close());

  it('serves them with the instances the container built', async () => {
    const client = new Client({ name: 'nest', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/mcp`)));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['count']);
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['guides://style']);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['notes://{id}']);
      expect((await client.readResource({ uri: 'notes://2' })).contents).toEqual([{ uri: 'notes://2', mimeType: 'text/plain', text: 'two' }]);
      expect((await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } })).messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hello to Ada.' } }]);
    } finally {
      await client.close();
    }
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, Runner, ScriptedModel, type RunContext, type Tool } from '@toolwright/core';
import { McpToolset } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { officialServer, processAlive, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ctx: RunContext = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('McpToolset over stdio, against @modelcontextprotocol/server-filesystem', () => {
  const root = tempDir('tw-mcp-fs-');
  const files = new McpToolset({ name: 'files', transport: officialServer('server-filesystem', [root.path]), namePrefix: 'fs_' });
  let tools: Tool[];

  beforeAll(async () => {
    writeFileSync(join(root.path, 'notes.txt'), 'alpha\nbeta\n');
    writeFileSync(join(root.path, 'dot.png'), PNG);
    await files.connect();
    tools = await files.tools(ctx);
  });

  afterAll(async () => {
    await files.close();
    root.remove();
  });

  const named = (name: string): Tool => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(', ')}`);
    return tool;
  };

  it('offers every tool, prefixed, with strict schemas made from the server schemas', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'create_directory', 'directory_tree', 'edit_file', 'get_file_info', 'list_allowed_directories', 'list_directory',
        'list_directory_with_sizes', 'move_file', 'read_file', 'read_media_file', 'read_multiple_files', 'read_text_file',
        'search_files', 'write_file',
      ].map((n) => `fs_${n}`),
    );
    const read = named('fs_read_text_file');
    expect(read.strict).toBe(true);
    expect(read.parameters).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['path', 'tail', 'head'],
      properties: { path: { type: 'string' }, tail: { type: ['number', 'null'], description: 'If provided, returns only the last N lines of the file' } },
    });
    expect(read.description).toMatch(/^Read the complete contents of a file/);
    expect(read.source).toBe('MCP server "files" (tool "read_text_file")');
  });

  it('keeps only the cautious hints of an untrusted server, and gates destructive tools', () => {
    // The server says read_text_file is read-only and closed-world: unproven, so not believed.
    const read = named('fs_read_text_file');
    expect(read).toMatchObject({ needsApproval: false });
    expect(read.readOnly).toBeUndefined();
    expect(read.openWorld).toBeUndefined();
    expect(named('fs_write_file')).toMatchObject({ readOnly: false, destructive: true, needsApproval: true });
    expect(named('fs_create_directory').destructive).toBeUndefined();
  });

  it('believes every hint of a server given trustAnnotations: true', async () => {
    const trusted = new McpToolset({ name: 'trusted-files', transport: officialServer('server-filesystem', [root.path]), namePrefix: 'fs_', trustAnnotations: true });
    try {
      const listed = await trusted.tools(ctx);
      const find = (name: string): Tool => listed.find((t) => t.name === name)!;
      expect(find('fs_read_text_file')).toMatchObject({ readOnly: true, openWorld: false, needsApproval: false });
      expect(find('fs_write_file')).toMatchObject({ readOnly: false, destructive: true, needsApproval: true });
      expect(find('fs_create_directory')).toMatchObject({ destructive: false, needsApproval: false });
    } finally {
      await trusted.close();
    }
  });

  it('runs an agent whose calls reach the server by its own names', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'fs_list_directory', arguments: { path: root.path }, callId: 'ls' }] },
      { toolCalls: [{ name: 'fs_read_text_file', arguments: { path: join(root.path, 'notes.txt'), head: 1, tail: null }, callId: 'read' }] },
      { text: 'done' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [files] }), 'look');
    expect(result.finalOutput).toBe('done');
    expect(outputText(result, 'ls')).toContain('[FILE] notes.txt');
    // The tool declares an output schema: the model gets the structured content as JSON.
    expect(JSON.parse(outputText(result, 'read'))).toEqual({ content: 'alpha' });
    // The model saw the prefixed names.
    expect(model.requests[0]!.tools.map((t) => t.name)).toContain('fs_read_text_file');
  });

  it('pauses a destructive call for approval and writes only once approved', async () => {
    const target = join(root.path, 'approved.txt');
    const model = new ScriptedModel([{ toolCalls: [{ name: 'fs_write_file', arguments: { path: target, content: 'yes' }, callId: 'w' }] }, { text: 'written' }]);
    const runner = new Runner({ model });
    const agent = new Agent({ name: 'a', tools: [files] });
    const paused = await runner.run(agent, 'write');
    expect(paused.status).toBe('interrupted');
    expect(paused.interruptions.map((r) => r.toolName)).toEqual(['fs_write_file']);
    expect(existsSync(target)).toBe(false);
    paused.state.approve('w');
    const done = await runner.run(agent, paused.state);
    expect(done.finalOutput).toBe('written');
    expect(readFileSync(target, 'utf8')).toBe('yes');
  });

  it('refuses a call missing a required argument before anyone is asked or the server is called (Z-68, Z-113)', async () => {
    const target = join(root.path, 'never.txt');
    const model = new ScriptedModel([{ toolCalls: [{ name: 'fs_write_file', arguments: { path: target }, callId: 'w' }] }, { text: 'ok' }]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [files] }), 'write');
    expect(result.status).toBe('completed');
    expect(result.interruptions).toEqual([]);
    expect(outputText(result, 'w')).toMatch(/Invalid arguments for tool "fs_write_file"[\s\S]*content/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a missing required argument in invoke too, when the tool is called directly', async () => {
    await expect(named('fs_read_text_file').invoke({ ...ctx, callId: 'c', toolName: 'fs_read_text_file' } as never, {})).rejects.toThrow(
      /Invalid arguments for tool "fs_read_text_file":\n- \/path: is required/,
    );
  });

  it('passes an isError result to the model as an error, verbatim', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'fs_read_text_file', arguments: { path: '/etc/hostname', head: null, tail: null }, callId: 'r' }] }, { text: 'ok' }]);
    const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [files] }), 'read');
    let failed: boolean | undefined;
    for await (const event of stream) if (event.type === 'tool_output') failed = event.result.isError;
    const result = await stream.result;
    expect(failed).toBe(true);
    expect(outputText(result, 'r')).toMatch(/Access denied - path outside allowed directories/);
  });

  it('returns an image file as an image part', async () => {
    const result = await named('fs_read_media_file').invoke({ ...ctx, callId: 'm', emit: () => undefined } as never, { path: join(root.path, 'dot.png') });
    expect(result).toMatchObject({ content: [{ type: 'input_image', imageUrl: `data:image/png;base64,${PNG.toString('base64')}` }] });
  });

  it('applies allowedTools, blockedTools and filter, blocked winning', async () => {
    const narrowed = new McpToolset({
      name: 'narrow',
      transport: officialServer('server-filesystem', [root.path]),
      allowedTools: ['read_text_file', 'write_file', 'list_directory'],
      blockedTools: ['write_file'],
      filter: (tool) => tool.name !== 'list_directory',
    });
    try {
      expect((await narrowed.tools(ctx)).map((t) => t.name)).toEqual(['read_text_file']);
    } finally {
      await narrowed.close();
    }
  });

  it('ends the server process on close(), leaving no orphan', async () => {
    const own = new McpToolset({ name: 'own', transport: officialServer('server-filesystem', [root.path]) });
    await own.connect();
    const pid = own.pid!;
    expect(processAlive(pid)).toBe(true);
    await own.close();
    expect(own.pid).toBeUndefined();
    expect(processAlive(pid)).toBe(false);
  });

  it('is started by the run that uses it and stopped when that run ends, unless connected by hand', async () => {
    const own = new McpToolset({ name: 'per-run', transport: officialServer('server-filesystem', [root.path]) });
    let pid: number | undefined;
    const model = new ScriptedModel([
      () => {
        pid = own.pid;
        return { toolCalls: [{ name: 'list_allowed_directories', arguments: {}, callId: 'l' }] };
      },
      { text: 'ok' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [own] }), 'go');
    expect(outputText(result, 'l')).toContain(root.path.split('/').pop()!);
    expect(pid).toBeDefined();
    expect(own.pid).toBeUndefined();
    expect(processAlive(pid!)).toBe(false);
    // The shared toolset of this file, connected by hand, is still running after its runs.
    expect(processAlive(files.pid!)).toBe(true);
  });
});

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Agent, GuardrailOutcome, Runner, ScriptedModel, defineTool, defineToolInputGuardrail, type RunContext, type Tool, type ToolContext,
} from '@toolwright/core';
import { McpToolset, ToolProxyToolset, keywordSearch, type KeywordSearchItem } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { officialServer, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;
const callCtx = (callId = 'c') => ({ ...ctx, callId, toolName: 'call_tool', arguments: '{}', emit: () => undefined, signal: new AbortController().signal }) as unknown as ToolContext;

function tool(name: string, description: string, properties: Record<string, object> = {}, extra: Partial<Tool> = {}): Tool {
  return defineTool({ name, description, parameters: { type: 'object', properties, required: Object.keys(properties) }, invoke: (_c, args) => `${name} ran with ${JSON.stringify(args)}`, ...extra });
}

const catalogue = (): Tool[] => [
  tool('read_file', 'Read a file from disk.', { path: { type: 'string', description: 'Where the file is.' } }),
  tool('send_email', 'Send an email.', { to: { type: 'string', description: 'The recipient address.' } }),
  tool('delete_file', 'Remove a file.', { path: { type: 'string' } }, { needsApproval: true }),
  tool('list_files', 'List the files of a directory.', { dir: { type: 'string' } }),
];

describe('keywordSearch (U-5)', () => {
  const items = catalogue().map((t) => ({ name: t.name, description: t.description, parameters: { path: 'Where the file is.' } }));

  it('scores a name match 3, the description 2, the parameters 1, best first', () => {
    const entries: KeywordSearchItem[] = [
      { name: 'alpha', description: 'nothing', parameters: { q: 'mentions widget' } },
      { name: 'beta', description: 'a widget maker', parameters: {} },
      { name: 'widget_gamma', description: 'other', parameters: {} },
      { name: 'delta', description: 'unrelated', parameters: {} },
    ];
    expect(keywordSearch(entries, 'widget', 10).map((e) => e.name)).toEqual(['widget_gamma', 'beta', 'alpha']);
  });

  it('adds up unique keywords and reads each as a regular expression, else literally', () => {
    expect(keywordSearch(items, 'file file', 10).map((e) => e.name)[0]).toMatch(/_file$/);
    expect(keywordSearch(items, '^send', 10).map((e) => e.name)).toEqual(['send_email']);
    expect(keywordSearch(items, '(unclosed', 10)).toEqual([]);
    expect(keywordSearch([{ name: 'x(y', description: '', parameters: {} }], 'x(y', 10).map((e) => e.name)).toEqual(['x(y']);
  });

  it('takes patterns that could backtrack badly literally', () => {
    const evil = { name: 'victim', description: `${'a'.repeat(3000)}!`, parameters: {} };
    const started = Date.now();
    expect(keywordSearch([evil], '(a+)+$ (a|aa)*b a*a*a*a*a*b', 10)).toEqual([]);
    // Not a timing assertion on the happy path: a bound that only exponential backtracking breaks.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('ToolProxyToolset (U-6)', () => {
  const proxy = new ToolProxyToolset({ tools: catalogue() });

  it('offers exactly search_tools and call_tool, the same objects every turn', async () => {
    const first = await proxy.tools(ctx);
    expect(first.map((t) => t.name)).toEqual(['search_tools', 'call_tool']);
    expect(await proxy.tools(ctx)).toEqual(first);
    expect(first[0]).toBe(proxy.searchTool);
    expect(first[1]!.parameters).toMatchObject({ required: ['name', 'parameters'] });
  });

  it('returns the schemas of matches as text, one JSON object per line', async () => {
    const result = await proxy.searchTool.invoke(callCtx(), { query: 'file' });
    const lines = (result as { text: string }).text.split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.name)).toEqual(['read_file', 'delete_file', 'list_files']);
    expect(lines[0]).toEqual({ name: 'read_file', description: 'Read a file from disk.', parameters: catalogue()[0]!.parameters });
  });

  it('answers an empty query and a query without matches with errors', async () => {
    expect(await proxy.searchTool.invoke(callCtx(), { query: '  ' })).toMatchObject({ isError: true, text: 'query cannot be empty' });
    expect(await proxy.searchTool.invoke(callCtx(), { query: 'weather' })).toMatchObject({ isError: true, text: "No tools found matching 'weather'." });
  });

  it.each([
    [{ name: '', parameters: {} }, 'tool name cannot be empty'],
    [{ name: 'read_file' }, 'parameters is required'],
    [{ name: 'nope', parameters: {} }, "unknown tool 'nope', use search_tools to discover available tools"],
    [{ name: 'read_file', parameters: { path: 3 } }, `invalid parameters for tool 'read_file': [{"path":"/path","message":"must be string (got 3)"}]`],
  ])('refuses call_tool %j with the exact message', async (args, message) => {
    expect(await proxy.callTool.invoke(callCtx(), args)).toMatchObject({ isError: true, text: message });
  });

  it('runs the hidden tool with validated parameters through a run', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'call_tool', arguments: { name: 'read_file', parameters: { path: '/a' } }, callId: 'c' }] }, { text: 'ok' }]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [proxy] }), 'go');
    expect(outputText(result, 'c')).toBe('read_file ran with {"path":"/a"}');
  });

  it("applies the hidden tool's approval, but never asks about a call that will be refused (Z-68)", async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'call_tool', arguments: { name: 'delete_file', parameters: {} }, callId: 'bad' }] },
      { toolCalls: [{ name: 'call_tool', arguments: { name: 'delete_file', parameters: { path: '/x' } }, callId: 'good' }] },
      { text: 'ok' },
    ]);
    const runner = new Runner({ model });
    const agent = new Agent({ name: 'a', tools: [proxy] });
    const paused = await runner.run(agent, 'go');
    expect(outputText(paused, 'bad')).toMatch(/^invalid parameters for tool 'delete_file'/);
    expect(paused.status).toBe('interrupted');
    expect(paused.interruptions.map((r) => r.callId)).toEqual(['good']);
    paused.state.approve('good');
    expect(outputText(await runner.run(agent, paused.state), 'good')).toBe('delete_file ran with {"path":"/x"}');
  });

  it("runs the hidden tool's own guardrails", async () => {
    const guarded = new ToolProxyToolset({
      tools: [tool('wire_money', 'Send money.', { amount: { type: 'number' } }, {
        inputGuardrails: [defineToolInputGuardrail({ name: 'cap', check: ({ args }) => (args.amount > 100 ? GuardrailOutcome.reject('too much') : GuardrailOutcome.allow()) })],
      })],
    });
    expect(await guarded.callTool.invoke(callCtx(), { name: 'wire_money', parameters: { amount: 500 } })).toMatchObject({ text: 'too much' });
  });
});

describe('ToolProxyToolset over an MCP server (U-7)', () => {
  const root = tempDir('tw-mcp-proxy-');
  const files = new McpToolset({ name: 'files', transport: officialServer('server-filesystem', [root.path]) });
  const proxy = new ToolProxyToolset({ tools: [files] });
  afterAll(() => root.remove());

  it('finds the MCP tools, dispatches call_tool to them, and starts and stops the server with the run', async () => {
    writeFileSync(join(root.path, 'hello.txt'), 'hello from disk');
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_tools', arguments: { query: 'read text' }, callId: 's' }] },
      (request) => {
        expect(request.tools.map((t) => t.name)).toEqual(['search_tools', 'call_tool']);
        return { toolCalls: [{ name: 'call_tool', arguments: { name: 'read_text_file', parameters: { path: join(root.path, 'hello.txt'), head: null, tail: null } }, callId: 'r' }] };
      },
      { toolCalls: [{ name: 'call_tool', arguments: { name: 'write_file', parameters: { path: join(root.path, 'out.txt'), content: 'x' } }, callId: 'w' }] },
      { text: 'ok' },
    ]);
    const runner = new Runner({ model });
    const agent = new Agent({ name: 'a', tools: [proxy] });
    const paused = await runner.run(agent, 'go');
    expect(outputText(paused, 's').split('\n').map((l) => JSON.parse(l).name)).toContain('read_text_file');
    expect(JSON.parse(outputText(paused, 'r'))).toEqual({ content: 'hello from disk' });
    // write_file is destructive on the server: the call through the proxy waits for approval.
    expect(paused.interruptions.map((r) => r.callId)).toEqual(['w']);
    expect(files.pid).toBeUndefined();
    paused.state.approve('w');
    const done = await runner.run(agent, paused.state);
    expect(done.finalOutput).toBe('ok');
    expect(existsSync(join(root.path, 'out.txt'))).toBe(true);
    expect(files.pid).toBeUndefined();
  });
});

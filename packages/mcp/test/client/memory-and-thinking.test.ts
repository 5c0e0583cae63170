import { join } from 'node:path';
import { Agent, Runner, ScriptedModel, type RunContext } from '@toolwright/core';
import { McpToolset } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { officialServer, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('McpToolset against @modelcontextprotocol/server-memory', () => {
  const dir = tempDir('tw-mcp-memory-');
  const memory = new McpToolset({ name: 'memory', transport: officialServer('server-memory', [], { MEMORY_FILE_PATH: join(dir.path, 'memory.jsonl') }), namePrefix: 'kg_' });
  beforeAll(() => memory.connect());
  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it('builds a knowledge graph through an agent, with structured answers', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'kg_create_entities', arguments: { entities: [{ name: 'Alice', entityType: 'person', observations: ['likes tea'] }] }, callId: 'e' }] },
      { toolCalls: [{ name: 'kg_create_relations', arguments: { relations: [{ from: 'Alice', to: 'Alice', relationType: 'knows' }] }, callId: 'r' }] },
      { toolCalls: [{ name: 'kg_search_nodes', arguments: { query: 'tea' }, callId: 's' }] },
      { text: 'ok' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [memory] }), 'remember');
    expect(JSON.parse(outputText(result, 'e'))).toEqual({ entities: [{ name: 'Alice', entityType: 'person', observations: ['likes tea'] }] });
    expect(JSON.parse(outputText(result, 's'))).toEqual({
      entities: [{ name: 'Alice', entityType: 'person', observations: ['likes tea'] }],
      relations: [{ from: 'Alice', to: 'Alice', relationType: 'knows' }],
    });
  });

  it('gates the destructive tools: a rejected delete never reaches the server', async () => {
    const tools = await memory.tools(ctx);
    expect(tools.filter((t) => t.needsApproval === true).map((t) => t.name).sort()).toEqual(['kg_delete_entities', 'kg_delete_observations', 'kg_delete_relations']);
    const model = new ScriptedModel([{ toolCalls: [{ name: 'kg_delete_entities', arguments: { entityNames: ['Alice'] }, callId: 'd' }] }, { toolCalls: [{ name: 'kg_read_graph', arguments: {}, callId: 'g' }] }, { text: 'ok' }]);
    const runner = new Runner({ model });
    const agent = new Agent({ name: 'a', tools: [memory] });
    const paused = await runner.run(agent, 'forget Alice');
    expect(paused.interruptions.map((r) => r.toolName)).toEqual(['kg_delete_entities']);
    paused.state.reject('d', { message: 'Keep Alice.' });
    const done = await runner.run(agent, paused.state);
    expect(outputText(done, 'd')).toBe('Keep Alice.');
    expect(JSON.parse(outputText(done, 'g')).entities.map((e: { name: string }) => e.name)).toEqual(['Alice']);
  });
});

describe('McpToolset against @modelcontextprotocol/server-sequential-thinking', () => {
  const thinking = new McpToolset({ name: 'thinking', transport: officialServer('server-sequential-thinking') });
  afterAll(() => thinking.close());

  it('offers its one tool strict (its read-only hint not believed), and returns its structured answer', async () => {
    const [tool, ...rest] = await thinking.tools(ctx);
    expect(rest).toEqual([]);
    expect(tool).toMatchObject({ name: 'sequentialthinking', strict: true, needsApproval: false });
    expect(tool!.readOnly).toBeUndefined(); // the server's readOnlyHint, not believed by default
    expect(tool!.parameters).toMatchObject({ required: expect.arrayContaining(['thought', 'nextThoughtNeeded', 'thoughtNumber', 'totalThoughts', 'isRevision']) });
    const model = new ScriptedModel([
      {
        toolCalls: [
          {
            name: 'sequentialthinking',
            arguments: { thought: 'first step', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1, isRevision: null, revisesThought: null, branchFromThought: null, branchId: null, needsMoreThoughts: null },
            callId: 't',
          },
        ],
      },
      { text: 'ok' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [thinking] }), 'think');
    expect(JSON.parse(outputText(result, 't'))).toEqual({ thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false, branches: [], thoughtHistoryLength: 1 });
  });
});

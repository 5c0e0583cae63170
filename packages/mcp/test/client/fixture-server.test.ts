import { join } from 'node:path';
import { Agent, RunCancelledError, Runner, ScriptedModel, type RunContext, type Tool, type ToolProgressEvent } from '@toolwright/core';
import { McpToolset } from '@toolwright/mcp';
import { drain, outputText } from '../helpers/runs';
import { eventually, fixtureLog, fixtureServer, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;
const run = (toolset: McpToolset, script: ConstructorParameters<typeof ScriptedModel>[0]) =>
  new Runner({ model: new ScriptedModel(script) }).run(new Agent({ name: 'a', tools: [toolset] }), 'go');

describe('McpToolset against the project fixture server', () => {
  const dir = tempDir('tw-mcp-fixture-');
  const logFile = join(dir.path, 'calls.jsonl');
  const warnings: string[] = [];
  const server = new McpToolset({ name: 'fixture', transport: fixtureServer(logFile), cacheTools: true, onWarning: (m) => warnings.push(m) });
  let tools: Tool[];

  beforeAll(async () => {
    await server.connect();
    tools = await server.tools(ctx);
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });
  const named = (name: string): Tool => tools.find((t) => t.name === name)!;

  describe('when listing', () => {
    it('renames a tool whose name a model API refuses, and calls the server by its own name', async () => {
      expect(named('bad_name')).toBeDefined();
      const result = await run(server, [{ toolCalls: [{ name: 'bad_name', arguments: {}, callId: 'd' }] }, { text: 'ok' }]);
      expect(outputText(result, 'd')).toBe('dotted');
      expect(fixtureLog(logFile).some((e) => e.tool === 'bad.name')).toBe(true);
    });

    it('falls back to the title when the description is empty (Z-113)', () => {
      expect(named('whoami').description).toBe('Process id');
    });

    it('offers a schema strict mode cannot express non-strict, as the server sent it (never half-converted)', () => {
      const labels = named('labels');
      expect(labels.strict).toBe(false);
      expect(labels.parameters).toEqual({ type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['labels'] });
      expect(named('echo').strict).toBe(true);
    });

    it('leaves out a tool whose schema does not compile, with a warning naming it', () => {
      expect(named('bad_schema')).toBeUndefined();
      expect(warnings.join('\n')).toMatch(/McpToolset "fixture": the tool "bad_schema" is not offered: its input schema cannot be used/);
    });

    it('keeps a cached listing until the server says the tools changed (notifications/tools/list_changed)', async () => {
      const lists = () => fixtureLog(logFile).filter((e) => e.list !== undefined).length;
      const before = lists();
      await server.tools(ctx);
      await server.tools(ctx);
      expect(lists()).toBe(before);
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'add_tool', arguments: {}, callId: 'add' }] },
        (request) => {
          expect(request.tools.map((t) => t.name)).toContain('extra_tool');
          return { toolCalls: [{ name: 'extra_tool', arguments: {}, callId: 'extra' }] };
        },
        { text: 'ok' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [server] }), 'go');
      expect(outputText(result, 'extra')).toBe('extra_tool: {}');
      expect(lists()).toBeGreaterThan(before);
    });
  });

  describe('when calling', () => {
    it('applies toolOptions (interceptors, duplicate policy), the runner output cap, and filter on every cached listing', async () => {
      let intercepted = 0;
      let filtered = 0;
      const configured = new McpToolset({
        name: 'configured',
        transport: fixtureServer(logFile),
        cacheTools: true,
        filter: (tool) => {
          filtered += 1;
          return tool.name === 'echo';
        },
        toolOptions: { duplicates: 'reject', interceptors: [{ intercept: (_invocation, next) => ((intercepted += 1), next()) }] },
      });
      const long = { text: 'y'.repeat(500) };
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'echo', arguments: long, callId: 'first' }] },
        { toolCalls: [{ name: 'echo', arguments: long, callId: 'again' }] },
        { text: 'ok' },
      ]);
      try {
        await configured.connect();
        const result = await new Runner({ model, maxToolOutputBytes: 64 }).run(new Agent({ name: 'a', tools: [configured] }), 'go');
        expect(outputText(result, 'first')).toBe(`echo: {"text":"${'y'.repeat(23)}\n… [output cut: 453 of 517 bytes left out here (limit 64 bytes)]\n${'y'.repeat(24)}"}`);
        expect(outputText(result, 'again')).toMatch(/duplicate|already/i);
        expect(intercepted).toBe(1);
        // One listing (cached), filtered on each of the three turns: once per server tool per turn.
        expect(filtered).toBe(3 * (await configured.listServerTools()).length);
      } finally {
        await configured.close();
      }
    });

    it("keeps the end of a long output (the error after 1 MiB of log) under the runner's output cap, with the middle marked", async () => {
      const result = await run(server, [{ toolCalls: [{ name: 'build_log', arguments: {}, callId: 'log' }] }, { text: 'ok' }]);
      const text = outputText(result, 'log');
      expect(text.startsWith('INFO step ok\n'.repeat(100))).toBe(true);
      expect(text).toContain('\n… [output cut: 983,040 of 1,048,576 bytes left out here (limit 65,536 bytes)]\n');
      expect(text.endsWith('Error: connection refused\n    at connect (db.ts:42:7)')).toBe(true);
      expect(Buffer.byteLength(text)).toBeLessThan(65_536 + 100);
    });

    it('turns audio, embedded resources and resource links into text with URI and MIME type, and image resources into images', async () => {
      const result = await named('media').invoke({ ...ctx, callId: 'm', toolName: 'media', emit: () => undefined } as never, {});
      expect(result).toMatchObject({
        content: [
          { type: 'input_text', text: '[audio (audio/wav), 4 bytes; audio is not passed on to the model]' },
          { type: 'input_text', text: 'Resource fixture://doc.txt (text/plain):\ndocument text' },
          { type: 'input_text', text: '[resource fixture://blob.bin (application/octet-stream), 4 bytes of binary data]' },
          { type: 'input_image', imageUrl: expect.stringMatching(/^data:image\/png;base64,iVBOR/) },
          { type: 'input_text', text: 'Resource link "big table": fixture://big.csv (text/csv): All rows' },
        ],
      });
    });

    it('reports structured content that does not match the output schema as an error', async () => {
      const result = await run(server, [{ toolCalls: [{ name: 'bad_output', arguments: {}, callId: 'b' }] }, { text: 'ok' }]);
      expect(outputText(result, 'b')).toMatch(/answered the call to "bad_output" with output that does not match the tool's output schema/);
    });

    it('passes a refusal the server sent to the model, and does not repeat the call', async () => {
      const result = await run(server, [{ toolCalls: [{ name: 'refuse', arguments: {}, callId: 'r' }] }, { text: 'ok' }]);
      expect(outputText(result, 'r')).toMatch(/refused the call to "refuse": MCP error -32602: this server refuses every call of refuse/);
      expect(fixtureLog(logFile).filter((e) => e.tool === 'refuse')).toHaveLength(1);
    });

    it('turns progress notifications into tool_progress events', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', arguments: { ms: 400 }, callId: 's' }] }, { text: 'ok' }]);
      const { events, result } = await drain(new Runner({ model }).stream(new Agent({ name: 'a', tools: [server] }), 'go'));
      const progress = events.filter((e): e is ToolProgressEvent => e.type === 'tool_progress');
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(progress[0]).toMatchObject({ toolName: 'slow', callId: 's' });
      expect(progress[0]!.result.text).toBe('step 1');
      expect(progress[0]!.result.details).toEqual({ progress: 1, total: 8 });
      expect(outputText(result, 's')).toMatch(/^slept \d+ ms$/);
    });

    it('fails a call that outlives timeoutMs with ToolTimeoutError and tells the server (notifications/cancelled)', async () => {
      const impatient = new McpToolset({ name: 'impatient', transport: fixtureServer(logFile), timeoutMs: 300, allowedTools: ['slow'] });
      try {
        const result = await run(impatient, [{ toolCalls: [{ name: 'slow', arguments: { ms: 20_000 }, callId: 't' }] }, { text: 'ok' }]);
        expect(outputText(result, 't')).toMatch(/Tool "slow" \(call t\) timed out after 300 ms/);
        await eventually(() => fixtureLog(logFile).some((e) => e.cancelled === 'slow'), 20_000, 'the server to see the cancellation');
      } finally {
        await impatient.close();
      }
    });

    it('sends notifications/cancelled when the run is cancelled', async () => {
      const controller = new AbortController();
      const cancelledBefore = fixtureLog(logFile).filter((e) => e.cancelled).length;
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', arguments: { ms: 20_000 }, callId: 'c' }] }, { text: 'never' }]);
      const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [server] }), 'go', { signal: controller.signal });
      const seen: string[] = [];
      const consumed = (async () => {
        for await (const event of stream) {
          seen.push(event.type);
          if (event.type === 'tool_progress') controller.abort();
        }
      })();
      await expect(stream.result).rejects.toBeInstanceOf(RunCancelledError);
      await consumed.catch(() => undefined);
      expect(seen).toContain('tool_progress');
      await eventually(() => fixtureLog(logFile).filter((e) => e.cancelled).length > cancelledBefore, 20_000, 'the server to see the cancellation');
    });
  });
});

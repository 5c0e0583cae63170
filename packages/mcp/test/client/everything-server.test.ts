import { Agent, Runner, ScriptedModel, type RunContext, type Tool, type ToolProgressEvent, type ToolResult } from '@toolwright/core';
import { McpCallError, McpToolset } from '@toolwright/mcp';
import { drain, outputText } from '../helpers/runs';
import { HttpServerProcess } from '../helpers/http-server-process';
import { officialServer, serverEntry } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;
const callCtx = { ...ctx, callId: 'c', toolName: 't', emit: () => undefined } as never;
const invoke = (tools: Tool[], name: string, args: object): Promise<ToolResult> => tools.find((t) => t.name === name)!.invoke(callCtx, args) as Promise<ToolResult>;

describe('McpToolset against @modelcontextprotocol/server-everything', () => {
  describe('over stdio', () => {
    const everything = new McpToolset({ name: 'everything', transport: officialServer('server-everything', ['stdio']), blockedTools: ['get-env', 'gzip-file-as-resource'] });
    let tools: Tool[];
    beforeAll(async () => {
      await everything.connect();
      tools = await everything.tools(ctx);
    });
    afterAll(() => everything.close());

    it('offers its tools minus the blocked ones, strict, with the server description', () => {
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));
      expect(names).not.toContain('get-env');
      expect(tools.find((t) => t.name === 'echo')).toMatchObject({ strict: true, description: 'Echoes back the input string', needsApproval: false });
      // Its readOnlyHint is the server's word only (trustAnnotations is off): not a risk annotation.
      expect(tools.find((t) => t.name === 'echo')!.readOnly).toBeUndefined();
      expect(everything.serverInfo).toMatchObject({ name: 'mcp-servers/everything' });
    });

    it('keeps text as text and images as images', async () => {
      expect((await invoke(tools, 'echo', { message: 'hi' })).content).toEqual([{ type: 'input_text', text: 'Echo: hi' }]);
      const image = await invoke(tools, 'get-tiny-image', {});
      expect(image.content.map((p) => p.type)).toEqual(['input_text', 'input_image', 'input_text']);
      expect(image.content[1]).toMatchObject({ imageUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    });

    it('gives the structured content of a tool with an output schema', async () => {
      const result = await invoke(tools, 'get-structured-content', { location: 'New York' });
      expect(JSON.parse(result.text)).toEqual({ temperature: 33, conditions: 'Cloudy', humidity: 82 });
    });

    it('turns resource links and embedded resources into text with their URI and MIME type', async () => {
      const links = await invoke(tools, 'get-resource-links', { count: 2 });
      expect(links.text).toContain('Resource link "Blob Resource 1": demo://resource/dynamic/blob/1 (text/plain)');
      const embedded = await invoke(tools, 'get-resource-reference', { resourceType: 'Text', resourceId: 1 });
      expect(embedded.text).toMatch(/Resource demo:\/\/resource\/dynamic\/text\/1 \(text\/plain\):\nResource 1: This is a plaintext resource/);
    });

    it('answers invalid arguments locally, with the schema the model saw, before the server is called', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'get-sum', arguments: { a: 'two' }, callId: 's' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [everything] }), 'go');
      expect(outputText(result, 's')).toMatch(/^Invalid arguments for tool "get-sum":/);
    });

    it('streams the progress of a long operation as tool_progress', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 2 }, callId: 'l' }] }, { text: 'ok' }]);
      const { events, result } = await drain(new Runner({ model }).stream(new Agent({ name: 'a', tools: [everything] }), 'go'));
      const progress = events.filter((e): e is ToolProgressEvent => e.type === 'tool_progress').map((e) => e.result.text);
      expect(progress[0]).toBe('1/2');
      expect(outputText(result, 'l')).toMatch(/Long running operation completed/);
    });
  });

  describe('over streamable HTTP', () => {
    const server = new HttpServerProcess(serverEntry('server-everything'), 'streamableHttp', /listening on port/);
    beforeAll(() => server.start());
    afterAll(() => server.stop());

    it('lists and calls tools, and a run uses them', async () => {
      const http = new McpToolset({ name: 'everything-http', transport: { url: `${server.origin}/mcp` }, allowedTools: ['echo', 'get-sum'] });
      try {
        const model = new ScriptedModel([{ toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 3 }, callId: 's' }] }, { text: 'ok' }]);
        const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [http] }), 'go');
        expect(outputText(result, 's')).toBe('The sum of 2 and 3 is 5.');
        expect(model.requests[0]!.tools.map((t) => t.name).sort()).toEqual(['echo', 'get-sum']);
      } finally {
        await http.close();
      }
    });

    it('reports a call the restarted server cannot place as failed, then opens a new session', async () => {
      const http = new McpToolset({ name: 'restarted', transport: { url: `${server.origin}/mcp` }, allowedTools: ['echo'] });
      try {
        const tools = await http.tools(ctx);
        await server.restart();
        await expect(invoke(tools, 'echo', { message: 'lost' })).rejects.toBeInstanceOf(McpCallError);
        const again = await http.tools(ctx);
        expect((await invoke(again, 'echo', { message: 'back' })).text).toBe('Echo: back');
      } finally {
        await http.close();
      }
    });
  });

  describe('over HTTP+SSE (the older transport)', () => {
    const server = new HttpServerProcess(serverEntry('server-everything'), 'sse', /running on port/);
    beforeAll(() => server.start());
    afterAll(() => server.stop());

    it('falls back from streamable HTTP when the server answers the POST with 404', async () => {
      const sse = new McpToolset({ name: 'everything-sse', transport: { url: `${server.origin}/sse` }, allowedTools: ['echo'] });
      try {
        const tools = await sse.tools(ctx);
        expect((await invoke(tools, 'echo', { message: 'old' })).text).toBe('Echo: old');
      } finally {
        await sse.close();
      }
    });
  });
});

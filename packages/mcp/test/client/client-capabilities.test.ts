import { Agent, Runner, ScriptedModel, UserError, defineTool, type ApprovalHandler, type ModelRequest } from '@toolwright/core';
import { createMcpHttpHandler, McpToolset, type McpElicitationRequest, type McpToolsetOptions } from '@toolwright/mcp';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outputText } from '../helpers/runs';
import { NAME_FORM, TalkingServer } from '../helpers/talking-server';

jest.setTimeout(60_000);

/** Runs one call of `tool` through an agent; returns its output. */
async function call(toolset: McpToolset, tool: string, runner?: Runner): Promise<string> {
  const model = new ScriptedModel([{ toolCalls: [{ name: tool, arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
  const result = await (runner ?? new Runner({ model })).run(new Agent({ name: 'a', tools: [toolset], model }), 'go');
  return outputText(result, 'c1');
}

describe('McpToolset client capabilities', () => {
  const server = new TalkingServer();
  const toolsets: McpToolset[] = [];
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  afterEach(async () => {
    for (const made of toolsets.splice(0)) await made.close();
  });
  const toolset = (options: Partial<McpToolsetOptions> = {}) => {
    const made = new McpToolset({ name: 'talking', transport: { url: server.url }, requireApproval: false, maxRetryAttempts: 0, ...options });
    toolsets.push(made);
    return made;
  };

  it('declares only what it was given', async () => {
    expect(JSON.parse(await call(toolset(), 'client_capabilities'))).toEqual({});
    const all = toolset({ elicitation: async () => ({ action: 'decline' }), sampling: new ScriptedModel([]), roots: ['/srv/data'] });
    expect(JSON.parse(await call(all, 'client_capabilities'))).toEqual({ elicitation: { form: { applyDefaults: true } }, sampling: {}, roots: { listChanged: false } });
  });

  describe('elicitation', () => {
    it('routes the request to the handler and fills in the defaults of the requested schema', async () => {
      const seen: McpElicitationRequest[] = [];
      const talking = toolset({
        elicitation: async (request) => {
          seen.push(request);
          return { action: 'accept', content: { name: 'Grace' } };
        },
      });
      expect(JSON.parse(await call(talking, 'ask_name'))).toEqual({ action: 'accept', content: { name: 'Grace', age: 36 } });
      expect(seen).toEqual([expect.objectContaining({ message: 'Who are you?', requestedSchema: NAME_FORM })]);
    });

    it('fills in every default when the handler accepts without content', async () => {
      const talking = toolset({ elicitation: async () => ({ action: 'accept' }) });
      expect(JSON.parse(await call(talking, 'ask_name'))).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    });

    it('passes declines through', async () => {
      const talking = toolset({ elicitation: async () => ({ action: 'decline' }) });
      expect(JSON.parse(await call(talking, 'ask_name'))).toEqual({ action: 'decline' });
    });

    it('is refused by the server side when not offered', async () => {
      expect(await call(toolset(), 'ask_name')).toMatch(/failed: .*elicitation/i);
    });
  });

  describe('sampling', () => {
    it('answers with the Toolwright model given as `sampling`', async () => {
      const requests: ModelRequest[] = [];
      const model = new ScriptedModel([
        (request) => {
          requests.push(request);
          return { text: 'A cat sat, mat.' };
        },
      ]);
      const answer = JSON.parse(await call(toolset({ sampling: model }), 'summarize'));
      expect(answer).toEqual({ role: 'assistant', content: { type: 'text', text: 'A cat sat, mat.' }, model: 'ScriptedModel', stopReason: 'endTurn' });
      expect(requests[0].instructions).toBe('Answer in five words.');
      expect(requests[0].settings).toEqual({ maxOutputTokens: 20 });
      expect(requests[0].tools).toEqual([]);
      expect(requests[0].input).toEqual([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Summarize: the cat sat on the mat.' }] }]);
    });
  });

  describe('roots', () => {
    it('answers roots/list with the given directories as file URIs', async () => {
      const answer = JSON.parse(await call(toolset({ roots: ['/srv/data', 'file:///home/ada/notes'] }), 'list_roots'));
      expect(answer).toEqual({ roots: [{ uri: 'file:///srv/data', name: 'data' }, { uri: 'file:///home/ada/notes', name: 'notes' }] });
    });

    it('refuses a relative path, naming the fix', () => {
      expect(() => toolset({ roots: ['data'] })).toThrow(UserError);
      expect(() => toolset({ roots: ['data'] })).toThrow(/neither an absolute path nor a URI.*Fix: pass e\.g\. roots: \['\/srv\/project'\]/);
    });
  });

  it('refuses a sampling option that is not a model', () => {
    expect(() => toolset({ sampling: {} as never })).toThrow(/sampling must be a Toolwright Model/);
  });
});

describe('McpToolset: an approval form from serveMcp during a run', () => {
  let http: Server;
  let url: string;
  let close: () => Promise<void>;
  const ran: string[] = [];
  beforeAll(async () => {
    const mcp = await createMcpHttpHandler(
      [defineTool({ name: 'delete_note', description: 'Delete a note.', parameters: { type: 'object', properties: {} }, needsApproval: true, invoke: () => (ran.push('delete_note'), 'deleted') })],
      { name: 'notes', version: '1.0.0' },
    );
    const app = express();
    app.use(express.json());
    app.all('/mcp', (req, res) => void mcp.handle(req, res, req.body));
    http = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    close = async () => {
      await mcp.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    };
  });
  afterAll(() => close());
  beforeEach(() => void ran.splice(0));

  const run = async (approvalHandler: ApprovalHandler, elicitation: McpToolsetOptions['elicitation']) => {
    const notes = new McpToolset({ name: 'notes', transport: { url }, requireApproval: false, elicitation });
    try {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'delete_note', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
      const runner = new Runner({ model, approvalHandler });
      return outputText(await runner.run(new Agent({ name: 'a', tools: [notes] }), 'go'), 'c1');
    } finally {
      await notes.close();
    }
  };

  it("goes to the runner's approvalHandler", async () => {
    const asked: string[] = [];
    const forms: McpElicitationRequest[] = [];
    const output = await run(
      (request) => (asked.push(request.toolName), { approved: true }),
      async (request) => (forms.push(request), { action: 'decline' }),
    );
    expect(output).toBe('deleted');
    expect(asked).toEqual(['delete_note']);
    expect(forms).toEqual([]);
    expect(ran).toEqual(['delete_note']);
  });

  it('goes to the elicitation handler when the approvalHandler leaves it to a person', async () => {
    const forms: McpElicitationRequest[] = [];
    const output = await run(() => undefined, async (request) => (forms.push(request), { action: 'accept', content: { approve: false } }));
    expect(forms).toHaveLength(1);
    expect(forms[0].message).toMatch(/needs your approval/);
    expect(output).toMatch(/declined/);
    expect(ran).toEqual([]);
  });
});

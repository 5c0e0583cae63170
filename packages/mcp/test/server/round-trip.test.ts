import { Agent, Runner, ScriptedModel, toolsOf, type RunContext, type Tool, type ToolEntry, type ToolProgressEvent } from '@toolwright/core';
import { McpToolset, serveMcp, type McpServerHandle } from '@toolwright/mcp';
import { DemoTools, temperatureTool } from '../fixtures/demo-tools';
import { drain, outputsOf } from '../helpers/runs';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

/** The calls both agents make, one per turn. */
const calls = [
  { name: 'add', arguments: { a: 2, b: 40 }, callId: 'add' },
  { name: 'add', arguments: { a: 'two' }, callId: 'invalid' },
  { name: 'greet', arguments: { name: 'Ada', title: 'Dr' }, callId: 'greet' },
  { name: 'fail', arguments: {}, callId: 'fail' },
  { name: 'dot', arguments: {}, callId: 'dot' },
  { name: 'count', arguments: { to: 3 }, callId: 'count' },
  { name: 'temperature', arguments: { city: 'Oslo' }, callId: 'temperature' },
  { name: 'refund', arguments: { orderId: 'A-1', amount: 5 }, callId: 'refund' },
];

/** Runs the calls (approving the refund when it pauses) and returns outputs and progress texts. */
async function exercise(tools: ToolEntry[]): Promise<{ outputs: Map<string, unknown>; progress: string[]; paused: string[] }> {
  const model = new ScriptedModel([...calls.map((call) => ({ toolCalls: [call] })), { text: 'done' }]);
  const runner = new Runner({ model });
  const agent = new Agent({ name: 'a', tools });
  const first = await drain(runner.stream(agent, 'go'));
  const paused = first.result.interruptions.map((r) => r.toolName);
  first.result.state.approve('refund');
  const second = await drain(runner.stream(agent, first.result.state));
  const progress = first.events.filter((e): e is ToolProgressEvent => e.type === 'tool_progress').map((e) => e.result.text);
  return { outputs: new Map([...outputsOf(first.result), ...outputsOf(second.result)]), progress, paused };
}

describe('a tool served with serveMcp and used through McpToolset behaves as the local tool', () => {
  const localDemo = new DemoTools();
  const servedDemo = new DemoTools();
  let server: McpServerHandle;
  let remote: McpToolset;

  beforeAll(async () => {
    // Approval happens where the model runs (the client); the server trusts it.
    server = await serveMcp([servedDemo, temperatureTool()], { name: 'demo', version: '1.0.0', transport: { port: 0 }, runner: { approvalHandler: () => ({ approved: true }) } });
    // Our own server: its annotations are ours, so they are trusted (the default trusts none).
    remote = new McpToolset({ name: 'demo', transport: { url: server.url! }, blockedTools: ['wait', 'whoami'], trustAnnotations: true });
    await remote.connect();
  });
  afterAll(async () => {
    await remote.close();
    await server.close();
  });

  it('offers the same schemas, strictness, descriptions and risk annotations', async () => {
    const local = [...toolsOf(localDemo), temperatureTool()].filter((t) => t.name !== 'wait' && t.name !== 'whoami');
    const through = new Map((await remote.tools(ctx)).map((t) => [t.name, t]));
    expect([...through.keys()]).toEqual(local.map((t) => t.name));
    const shape = (t: Tool) => ({
      name: t.name, description: t.description, parameters: t.parameters, strict: t.strict,
      readOnly: t.readOnly, destructive: t.destructive, idempotent: t.idempotent, openWorld: t.openWorld, needsApproval: t.needsApproval,
    });
    for (const tool of local) expect(shape(through.get(tool.name)!)).toEqual(shape(tool));
    expect((through.get('temperature') as Tool & { outputSchema?: unknown }).outputSchema).toEqual((temperatureTool() as Tool & { outputSchema?: unknown }).outputSchema);
  });

  it('gives the model the same outputs, errors, images, structured results, progress and approvals', async () => {
    const here = await exercise([localDemo, temperatureTool()]);
    const there = await exercise([remote]);
    expect(there.paused).toEqual(['refund']);
    expect(there.paused).toEqual(here.paused);
    expect(there.progress).toEqual(['counted 1', 'counted 2', 'counted 3']);
    expect(there.progress).toEqual(here.progress);
    expect([...there.outputs.keys()].sort()).toEqual(calls.map((c) => c.callId).sort());
    for (const { callId } of calls) expect([callId, there.outputs.get(callId)]).toEqual([callId, here.outputs.get(callId)]);
    expect(there.outputs.get('invalid')).toMatch(/^Invalid arguments for tool "add"/);
    expect(there.outputs.get('fail')).toBe('An error occurred while running the tool "fail". Please try again. Error: the ledger is locked');
    expect(there.outputs.get('dot')).toEqual([{ type: 'input_text', text: 'a dot:' }, { type: 'input_image', imageUrl: expect.stringMatching(/^data:image\/png;base64,/) }]);
    expect(servedDemo.refunds).toEqual(localDemo.refunds);
  });

  it('opens a new session when the server forgot the old one (404), without running the call twice', async () => {
    const port = Number(new URL(server.url!).port);
    const refund = (await remote.tools(ctx)).find((t) => t.name === 'refund')!;
    await server.close();
    server = await serveMcp([servedDemo, temperatureTool()], { name: 'demo', version: '1.0.0', transport: { port }, runner: { approvalHandler: () => ({ approved: true }) } });
    // Let the client's HTTP pool see the old server's sockets close (a reused dead socket is a
    // transport failure, reported without a retry: the request may have gone out).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = servedDemo.refunds.length;
    const result = await refund.invoke({ ...ctx, callId: 'r', emit: () => undefined } as never, { orderId: 'B-2', amount: 7 });
    expect(result).toMatchObject({ text: 'refunded 7 on B-2' });
    expect(servedDemo.refunds.slice(before)).toEqual([{ orderId: 'B-2', amount: 7 }]);
  });
});

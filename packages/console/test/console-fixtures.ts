/**
 * What the console's tests run: a store with runs of two agents (one whose `refund_order` needs
 * approval, one that reports), a console on a loopback server, and helpers to start runs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, MemoryRunStore, Runner, ScriptedModel, defineTool, type FunctionCallOutputItem, type ModelRequest, type RunResult, type RunStore } from '@toolwright/core';
import { createConsole, type ToolwrightConsole } from '../src';
import { basicAuth } from '../src/cli/basic-auth';

/** The refunds made, in order. */
export const refunds: string[] = [];

/** Resolves when a test opens it: the `slow_report` tool waits for it. */
export const gate = { open: (): void => undefined, wait: Promise.resolve() };
export function closeGate(): void {
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
}

const refund = defineTool({
  name: 'refund_order',
  description: 'Refund an order.',
  parameters: { type: 'object', properties: { orderId: { type: 'string', minLength: 1 }, amount: { type: 'number', minimum: 1, maximum: 1000 } }, required: ['orderId', 'amount'], additionalProperties: false },
  needsApproval: true,
  idempotent: false,
  invoke: (_ctx, args: { orderId: string; amount: number }) => {
    refunds.push(`${args.orderId}:${args.amount}`);
    return `Refunded ${args.amount} EUR on order ${args.orderId}.`;
  },
});

const slowReport = defineTool({
  name: 'slow_report',
  description: 'A report that takes a while.',
  parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'], additionalProperties: false },
  invoke: async (_ctx, args: { topic: string }) => {
    await gate.wait;
    return `Report on ${args.topic}: all good.`;
  },
});

/** Output as hostile as a tool can make it: markup, 5 MB, and deeply nested JSON. */
export const HOSTILE_OUTPUT = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>${'['.repeat(50_000)}${']'.repeat(50_000)}${'x'.repeat(5 * 1024 * 1024)}`;

const hostile = defineTool({
  name: 'hostile_output',
  description: 'Answers with hostile text.',
  parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
  invoke: () => HOSTILE_OUTPUT,
});

/** A model that calls the tool the user's message names (`refund A-1 300`, `report x`, `hostile`), then reports its output. */
function model(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest) => {
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    if (outputs.length > 0) {
      const last = outputs[outputs.length - 1]!;
      const text = typeof last.output === 'string' ? last.output : JSON.stringify(last.output);
      return { text: `Done: ${text.slice(0, 200)}` };
    }
    const first = request.input.find((i) => i.type === 'message');
    const words = String((first as { content?: unknown })?.content ?? '').split(' ');
    if (words[0] === 'refund') return { toolCalls: [{ name: 'refund_order', arguments: { orderId: words[1]!, amount: Number(words[2]) }, callId: `call_${words[1]}` }] };
    if (words[0] === 'report') return { toolCalls: [{ name: 'slow_report', arguments: { topic: words[1] ?? 'x' }, callId: `call_report_${words[1]}` }] };
    if (words[0] === 'hostile') return { toolCalls: [{ name: 'hostile_output', arguments: {}, callId: 'call_hostile' }] };
    if (words[0] === 'fail') throw new Error('the model is down <b>bold</b>');
    return { text: 'Hello.' };
  });
}

export const support = new Agent({ name: 'support', instructions: 'Refund what is asked.', tools: [refund], model: model() });
export const reporter = new Agent({ name: 'reporter', instructions: 'Report.', tools: [slowReport, hostile], model: model() });

/** The password of the test console (basic auth; any user name). */
export const PASSWORD = 'test-password';

/** The Authorization header of `user`. */
export function authHeader(user: string): string {
  return `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`;
}

/** A console over a fresh store, served on a loopback port. */
export interface TestConsole {
  store: MemoryRunStore;
  console: ToolwrightConsole;
  url: string;
  server: Server;
  run(agent: Agent, input: string): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startTestConsole(basePath = '/console'): Promise<TestConsole> {
  const store = new MemoryRunStore();
  const c = createConsole({ store, agents: [support, reporter], authorize: basicAuth(PASSWORD), basePath, pollMs: 100 });
  const server = createServer(c.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    store,
    console: c,
    server,
    url: `http://127.0.0.1:${port}${basePath}`,
    run: (agent, input) => new Runner().run(agent, input, { store: store as RunStore }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await c.close();
    },
  };
}

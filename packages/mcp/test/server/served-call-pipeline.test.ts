import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  GuardrailOutcome, UserError, defineTool, defineToolInputGuardrail, defineToolOutputGuardrail, requireApprovalFor,
  type Tool, type ToolFields,
} from '@toolwright/core';
import { serveMcp, type McpServerHandle, type ServeMcpOptions } from '@toolwright/mcp';

// These tests start HTTP servers: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (result: unknown): string => ((result as CallToolResult).content as Array<{ type: string; text?: string }>).map((c) => c.text ?? `[${c.type}]`).join('\n');

/** Tool names in the order they ran. */
const ran: string[] = [];

/** A served tool `name` (one string parameter, `tag`) that records its runs and returns `output`. */
function served(name: string, fields: Partial<ToolFields> & { outputSchema?: object } = {}, output: (args: { tag: string }) => unknown = () => `${name} done`): Tool {
  const { outputSchema, ...rest } = fields;
  const tool = defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    ...rest,
    invoke: async (_ctx, args: { tag: string }) => {
      ran.push(name);
      return output(args);
    },
  });
  return outputSchema ? Object.assign(tool, { outputSchema }) : tool;
}

/** Serves `tools` over HTTP on a free port and connects an SDK client to it. */
async function serve(tools: Tool[], runner?: ServeMcpOptions['runner']): Promise<{ server: McpServerHandle; client: Client; close(): Promise<void> }> {
  const server = await serveMcp(tools, { name: 'pipeline', version: '1.0.0', transport: { port: 0 }, runner });
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
  return { server, client, close: async () => (await client.close(), await server.close()) };
}

const call = (client: Client, name: string, tag = 'x') => client.callTool({ name, arguments: { tag } });

describe('serveMcp runs each tools/call through the core call pipeline', () => {
  let served1: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    served1 = await serve(
      [
        served('wire', { inputGuardrails: [defineToolInputGuardrail({ name: 'fraud', check: () => GuardrailOutcome.tripwire('looks like fraud') })] }),
        served('leaky', { outputGuardrails: [defineToolOutputGuardrail({ name: 'secrets', check: () => GuardrailOutcome.tripwire('a secret in the output') })] }),
        served('checked', { inputGuardrails: [defineToolInputGuardrail({ name: 'broken', check: () => { throw new Error('policy service down'); } })] }),
        served('odd', { inputGuardrails: [defineToolInputGuardrail({ name: 'maybe', check: () => ({ kind: 'maybe' }) as never })] }),
        served('fragile', { failureError: null }, () => {
          throw new Error('disk on fire');
        }),
        served('slow_forever', { timeoutMs: Infinity }, () => sleep(50).then(() => 'slow done')),
        served('slow_null', { timeoutMs: null }, () => sleep(50).then(() => 'slow done')),
        served('hasty', { timeoutMs: 10 }, () => sleep(1000).then(() => 'too late')),
        served('chatty', { maxOutputBytes: 20 }, () => 'y'.repeat(500)),
        served('chatty_structured', { maxOutputBytes: 20, outputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }, () => ({ text: 'y'.repeat(500) })),
        served('echo', {}, () => 'echoed'),
      ],
      {
        guardrails: [defineToolInputGuardrail({ name: 'no-trip-tag', check: ({ args }) => (args.tag === 'trip' ? GuardrailOutcome.tripwire('tag "trip" is forbidden') : GuardrailOutcome.allow()) })],
        maxToolOutputBytes: 100_000,
        toolTimeoutMs: 5_000,
      },
    );
  });
  afterAll(() => served1.close());
  beforeEach(() => (ran.length = 0));

  describe('when a guardrail trips (there is no run to end: the call fails)', () => {
    it("answers an input tripwire with the guardrail's message as an error, and the tool does not run", async () => {
      const result = await call(served1.client, 'wire');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^Guardrail "fraud" tripped on tool "wire" \(call mcp_[0-9a-f-]+\): looks like fraud$/);
      expect(ran).toEqual([]);
    });

    it("answers an output tripwire with the guardrail's message, not the tool's output", async () => {
      const result = await call(served1.client, 'leaky');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/Guardrail "secrets" tripped on tool "leaky".*: a secret in the output$/);
      expect(text(result)).not.toContain('leaky done');
      expect(ran).toEqual(['leaky']);
    });

    it("applies the runner option's guardrails before the tool's own, tripwires included", async () => {
      const result = await call(served1.client, 'echo', 'trip');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/Guardrail "no-trip-tag" tripped on tool "echo".*: tag "trip" is forbidden$/);
      expect(text(await call(served1.client, 'echo', 'fine'))).toBe('echoed');
      expect(ran).toEqual(['echo']);
    });
  });

  it('fails the call when a guardrail throws, as core fails a run (ToolCallError), without running the tool', async () => {
    const result = await call(served1.client, 'checked');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Guardrail "broken" threw while checking tool "checked" .*policy service down$/);
    expect(ran).toEqual([]);
  });

  it('refuses an unknown guardrail outcome: the call fails and the tool does not run', async () => {
    const result = await call(served1.client, 'odd');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Guardrail "maybe" returned \{"kind":"maybe"\} for tool "odd"/);
    expect(ran).toEqual([]);
  });

  it('fails the call with the error of a tool whose failureError is null', async () => {
    const result = await call(served1.client, 'fragile');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/disk on fire/);
  });

  it.each([['slow_forever'], ['slow_null']])('treats the timeoutMs of %s (Infinity, null) as no limit: a 50 ms tool completes', async (name) => {
    const result = await call(served1.client, name);
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('slow done');
  });

  it("still times out a tool's finite timeoutMs", async () => {
    const result = await call(served1.client, 'hasty');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/timed out after 10 ms/);
  });

  it("cuts the output to the tool's own maxOutputBytes, below the runner option's cap", async () => {
    const result = await call(served1.client, 'chatty');
    expect(text(result)).toMatch(/^y{12}\n… \[output cut: 480 of 500 bytes left out here \(limit 20 bytes\)\]\ny{8}$/);
  });

  it('refuses to send output cut by the cap as structured content', async () => {
    const result = await call(served1.client, 'chatty_structured');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(text(result)).toBe('The output of "chatty_structured" was longer than the output cap, so it was cut and cannot be sent as structured content.');
  });
});

describe("serveMcp's runner.toolTimeoutMs", () => {
  it.each([[Infinity], [null]])('%p means no limit: a 50 ms tool without a timeoutMs of its own completes', async (toolTimeoutMs) => {
    const { client, close } = await serve([served('nap', {}, () => sleep(50).then(() => 'rested'))], { toolTimeoutMs });
    try {
      expect(text(await call(client, 'nap'))).toBe('rested');
    } finally {
      await close();
    }
  });

  it('is the limit of a tool that sets none', async () => {
    const { client, close } = await serve([served('nap', {}, () => sleep(1000).then(() => 'rested'))], { toolTimeoutMs: 10 });
    try {
      const result = await call(client, 'nap');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/timed out after 10 ms/);
    } finally {
      await close();
    }
  });
});

describe('the approval step of a served call', () => {
  it('with guardrailsBeforeApproval, answers a call the input guardrails refuse without asking, and asks about the others', async () => {
    const asked: unknown[] = [];
    const cap = defineToolInputGuardrail({ name: 'cap', check: ({ args }) => (args.tag === 'big' ? GuardrailOutcome.reject('too much') : args.tag === 'evil' ? GuardrailOutcome.tripwire('evil') : GuardrailOutcome.allow()) });
    const { client, close } = await serve([served('refund', { needsApproval: true })], {
      guardrails: [cap],
      guardrailsBeforeApproval: true,
      approvalHandler: (request) => (asked.push(request.arguments), { approved: true }),
    });
    try {
      ran.length = 0;
      expect(text(await call(client, 'refund', 'big'))).toBe('too much');
      const tripped = await call(client, 'refund', 'evil');
      expect(tripped.isError).toBe(true);
      expect(text(tripped)).toMatch(/Guardrail "cap" tripped on tool "refund".*: evil$/);
      expect(asked).toEqual([]);
      expect(text(await call(client, 'refund', 'small'))).toBe('refund done');
      expect(asked).toEqual([{ tag: 'small' }]);
      expect(ran).toEqual(['refund']);
    } finally {
      await close();
    }
  });

  it("asks about calls the runner option's approvalPolicies select, and answers a rejection as an error", async () => {
    const { client, server, close } = await serve([served('delete_row'), served('read_row')], {
      approvalPolicies: [requireApprovalFor('delete_*')],
      approvalHandler: (request) => (request.arguments as { tag: string }).tag === 'no' ? { approved: false, message: 'Not this row.' } : undefined,
    });
    try {
      ran.length = 0;
      expect(text(await call(client, 'read_row'))).toBe('read_row done');
      const pending = await call(client, 'delete_row', 'r1');
      expect(pending.isError).toBe(true);
      expect(text(pending)).toMatch(/^The tool "delete_row" needs approval before it runs\. Pending approval: apr_/);
      expect(server.approvals.list().map((p) => p.toolName)).toEqual(['delete_row']);
      const rejected = await call(client, 'delete_row', 'no');
      expect(rejected).toMatchObject({ isError: true });
      expect(text(rejected)).toBe('Not this row.');
      expect(ran).toEqual(['read_row']);
    } finally {
      await close();
    }
  });

  it("runs an approved call with the arguments the approvalHandler edited, validated again", async () => {
    const { client, close } = await serve([served('refund', { needsApproval: true }, (args) => `refunded ${args.tag}`)], {
      approvalHandler: (request) => ({ approved: true, arguments: (request.arguments as { tag: string }).tag === 'bad' ? { tag: 7 } : { tag: 'edited' } }),
    });
    try {
      expect(text(await call(client, 'refund', 'asked'))).toBe('refunded edited');
      const invalid = await call(client, 'refund', 'bad');
      expect(invalid.isError).toBe(true);
      expect(text(invalid)).toMatch(/^Invalid arguments for tool "refund":\n- \/tag: must be string/);
    } finally {
      await close();
    }
  });

  it('never asks about a call whose arguments are invalid', async () => {
    const asked: string[] = [];
    const { client, close } = await serve([served('refund', { needsApproval: true })], { approvalHandler: (r) => (asked.push(r.toolName), { approved: true }) });
    try {
      const result = await client.callTool({ name: 'refund', arguments: { tag: 7 } });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^Invalid arguments for tool "refund"/);
      expect(asked).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('serveMcp options a served call cannot apply', () => {
  const base = { name: 'x', version: '1.0.0', transport: { port: 0 } } as const;

  it.each([
    ['hooks', { hooks: { onRunStart: () => undefined } }, /runner\.hooks cannot apply to a served call: run hooks .* runner\.interceptors/],
    ['inputGuardrails', { inputGuardrails: [] }, /runner\.inputGuardrails cannot apply to a served call: agent-level input guardrails .*\(defineToolInputGuardrail\) in runner\.guardrails/],
    ['outputGuardrails', { outputGuardrails: [] }, /runner\.outputGuardrails cannot apply to a served call: .*\(defineToolOutputGuardrail\) in runner\.guardrails/],
    ['planMode', { planMode: true }, /runner\.planMode cannot apply to a served call: plan mode .*runner\.approvalPolicies/],
    ['maxToolConcurrency', { maxToolConcurrency: 2 }, /runner\.maxToolConcurrency has no effect on a served call.*Fix: remove it; the options that apply are guardrails, interceptors/],
  ])('refuses runner.%s with a UserError saying why and what to use instead', async (_name, runner, message) => {
    const error = await serveMcp([served('echo')], { ...base, runner: runner as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([[2 ** 31], [0], [-1], [1.5], [Number.NaN]])('refuses runner.toolTimeoutMs %p, naming the option and the range', async (toolTimeoutMs) => {
    const error = await serveMcp([served('echo')], { ...base, runner: { toolTimeoutMs } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/^serveMcp: runner\.toolTimeoutMs must be a positive integer number of milliseconds up to 2147483647 .*or Infinity \/ null for no limit; got /);
  });

  it('refuses a malformed guardrail, interceptor or output cap', async () => {
    await expect(serveMcp([served('echo')], { ...base, runner: { guardrails: [{}] as never } })).rejects.toThrow(/runner\.guardrails\[0\] is not a tool guardrail/);
    await expect(serveMcp([served('echo')], { ...base, runner: { interceptors: [{}] as never } })).rejects.toThrow(/runner\.interceptors\[0\] has no intercept/);
    await expect(serveMcp([served('echo')], { ...base, runner: { maxToolOutputBytes: 0 } })).rejects.toThrow(/runner\.maxToolOutputBytes must be a positive integer/);
  });
});

describe('tools that serveMcp refuses or hides per call', () => {
  it("refuses a tool whose timeoutMs no timer can honour (built by hand), naming it and the range", async () => {
    const handBuilt: Tool = { ...served('forever'), timeoutMs: 2 ** 31 };
    const error = await serveMcp([handBuilt], { name: 'x', version: '1.0.0', transport: { port: 0 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/^serveMcp: tool "forever": timeoutMs must be a positive integer number of milliseconds up to 2147483647 .*got 2147483648/);
  });

  it("answers a call to a tool disabled for the caller's context with an error, without running it", async () => {
    const gated = served('gated', { isEnabled: (ctx) => (ctx.context as { user?: string } | undefined)?.user !== 'blocked' });
    const server = await serveMcp([gated], { name: 'x', version: '1.0.0', transport: { port: 0 }, context: () => ({ user: 'blocked' }) });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
      ran.length = 0;
      const result = await call(client, 'gated');
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('The tool "gated" is not enabled for this call; it did not run.');
      expect(ran).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

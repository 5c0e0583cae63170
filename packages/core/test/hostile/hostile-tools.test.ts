import { Agent, Runner, ScriptedModel, TOOLWRIGHT_LIMITS, ToolResult, ToolwrightError, defineTool, RunState, type Tool, type ToolOutputEvent } from '@toolwright/core';
import { addTally, emptyTally, runScenario, watchProcess, type Tally } from './hostile-harness';
import { sleep } from '../runner/helpers';

// Faulty tools (items 2, 3, 4 of issue 11): whatever a tool throws, returns, resolves late,
// emits after returning or never settles, the run settles, nothing is left unhandled, and the
// model is sent bounded error text (never a function's source).

const totals = emptyTally();
let stopWatching: () => void;
beforeAll(() => (stopWatching = watchProcess()));
afterAll(() => stopWatching());


function circular(): unknown {
  const a: Record<string, unknown> = { name: 'loop' };
  a.self = a;
  return a;
}
const SECRET_SOURCE = 'function leaked() { return "SECRET-SOURCE-TEXT"; }';
const leakyFunction = new Function(`return ${SECRET_SOURCE}`)() as () => string;

const BAD_VALUES: Array<[string, () => unknown, RegExp]> = [
  ['a circular object', circular, /cannot be turned into JSON text/],
  ['a BigInt', () => BigInt(10), /cannot be turned into JSON text/],
  ['an object whose toJSON throws', () => ({ toJSON: () => { throw new Error('boom'); } }), /boom/],
  ['a function', () => leakyFunction, /returned a function, which is not a tool output/],
  ['a symbol', () => Symbol('s'), /returned a symbol/],
  ['an object whose toJSON returns nothing', () => ({ toJSON: () => undefined }), /JSON form is empty/],
];

const THROWN: Array<[string, () => unknown]> = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a symbol', () => Symbol('thrown')],
  ['an object without a prototype', () => Object.create(null)],
  ['an error whose message getter throws', () => Object.defineProperty(new Error('x'), 'message', { get: () => { throw new Error('getter'); } })],
  ['a revoked proxy', () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; }],
  ['a 10 MB message', () => new Error('m'.repeat(10 << 20))],
];

interface Row {
  name: string;
  tool: () => Tool;
  /** What the model must be told. */
  output: RegExp;
  lingerMs?: number;
  runner?: ConstructorParameters<typeof Runner>[0];
}

const tool = (invoke: () => unknown, fields: Partial<Tool> = {}): Tool =>
  defineTool({ name: 'faulty', description: 'A faulty tool.', parameters: { type: 'object', properties: {} }, invoke, ...fields });

const rows: Row[] = [
  ...BAD_VALUES.flatMap(([label, make, output]): Row[] => [
    { name: `returns ${label} (sync)`, tool: () => tool(make), output },
    { name: `resolves to ${label}`, tool: () => tool(async () => make()), output },
    { name: `resolves to ${label} under timeoutMs`, tool: () => tool(async () => make(), { timeoutMs: 5_000 }), output },
    { name: `resolves to ${label} after its timeout`, tool: () => tool(() => sleep(60).then(make), { timeoutMs: 10 }), output: /timed out after 10 ms/, lingerMs: 120 },
  ]),
  ...THROWN.flatMap(([label, make]): Row[] => [
    { name: `throws ${label}`, tool: () => tool(() => { throw make(); }), output: /An error occurred while running the tool "faulty"/ },
    { name: `rejects with ${label} under timeoutMs`, tool: () => tool(() => Promise.reject(make()), { timeoutMs: 5_000 }), output: /An error occurred/ },
    { name: `rejects with ${label} after its timeout`, tool: () => tool(() => sleep(60).then(() => Promise.reject(make())), { timeoutMs: 10 }), output: /timed out/, lingerMs: 120 },
  ]),
  { name: 'never settles (runner toolTimeoutMs)', tool: () => tool(() => new Promise(() => undefined)), output: /timed out after 50 ms/, runner: { toolTimeoutMs: 50 } },
  { name: 'a thenable whose then throws', tool: () => tool(() => ({ then: () => { throw new Error('then broke'); } }), { timeoutMs: 1_000 }), output: /then broke/ },
  { name: 'a thenable that calls back twice', tool: () => tool(() => ({ then: (ok: (v: unknown) => void) => { ok('first'); ok('second'); } }), { timeoutMs: 1_000 }), output: /^first$/ },
  {
    name: 'emits after returning, and emits a value that cannot be converted',
    tool: () =>
      tool((...[ctx]: unknown[]) => {
        const emit = (ctx as { emit: (v: unknown) => void }).emit;
        setTimeout(() => emit(circular()), 5);
        setTimeout(() => emit('late'), 20);
        return 'returned';
      }),
    output: /^returned$/,
    lingerMs: 60,
  },
  { name: 'a failureError that returns an object without toString', tool: () => tool(() => { throw new Error('x'); }, { failureError: () => Object.create(null) as string }), output: /.*/ },
];

describe('Faulty tools', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s: the run settles, the model gets bounded error text', async (_name, row) => {
    const tally: Tally = emptyTally();
    const outcome = await runScenario({ tools: [row.tool()], calls: [{ name: 'faulty', arguments: '{}', callId: 'c1' }], lingerMs: row.lingerMs, runner: row.runner }, tally);
    addTally(totals, tally);
    expect(tally).toEqual({ ...emptyTally(), largestMessage: tally.largestMessage });
    expect(tally.largestMessage).toBeLessThanOrEqual(TOOLWRIGHT_LIMITS.maxMessageLength);
    if (row.name.startsWith('a failureError')) {
      // failureError is the application's: its failure is fatal, but a ToolwrightError.
      expect(outcome.error).toBeInstanceOf(ToolwrightError);
      return;
    }
    expect(outcome.error).toBeUndefined();
    expect(outcome.outputs[0]).toMatch(row.output);
    expect(outcome.outputs.join('')).not.toContain('SECRET-SOURCE-TEXT');
  });

  describe('outputs are capped for the model, in full for the application', () => {
    const big = 'x'.repeat(50 << 20);

    it('a 50 MB output reaches the model as its first and last bytes (64 KiB) with the cut marked, and tool_output reports it with the full result', async () => {
      const agent = new Agent({ name: 'a', tools: [tool(() => big)] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'faulty', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
      const events: ToolOutputEvent[] = [];
      const stream = new Runner({ model }).stream(agent, 'go');
      for await (const event of stream) if (event.type === 'tool_output') events.push(event);
      const result = await stream.result;
      const output = (result.history.find((i) => i.type === 'function_call_output') as { output: string }).output;
      expect(output.length).toBeLessThan(TOOLWRIGHT_LIMITS.defaultMaxOutputBytes + 200);
      expect(output).toBe(`${'x'.repeat(39_321)}\n… [output cut: 52,363,264 of 52,428,800 bytes left out here (limit 65,536 bytes)]\n${'x'.repeat(26_215)}`);
      expect(events[0]!.truncated).toEqual({ limitBytes: 65_536, originalBytes: 52_428_800, keptBytes: 65_536 });
      expect(events[0]!.result.text.length).toBe(big.length);
    });

    it('never cuts inside a character, and honours maxOutputBytes per tool and maxToolOutputBytes per runner', async () => {
      const emoji = '😀'.repeat(100);
      const agent = new Agent({ name: 'a', tools: [tool(() => emoji, { maxOutputBytes: 10 }), { ...tool(() => 'é'.repeat(100)), name: 'other' }] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'faulty', arguments: {}, callId: 'c1' }, { name: 'other', arguments: {}, callId: 'c2' }] }, { text: 'done' }]);
      const result = await new Runner({ model, maxToolOutputBytes: 11 }).run(agent, 'go');
      const outputs = result.history.filter((i) => i.type === 'function_call_output').map((i) => (i as { output: string }).output);
      expect(outputs[0]).toBe('😀\n… [output cut: 392 of 400 bytes left out here (limit 10 bytes)]\n😀');
      expect(outputs[1]).toBe('ééé\n… [output cut: 190 of 200 bytes left out here (limit 11 bytes)]\néé');
    });
  });

  describe('usage a tool reports cannot corrupt the run or its saved state', () => {
    it('ignores counters that are not finite non-negative numbers', async () => {
      const usage = { inputTokens: 'lots', outputTokens: NaN, totalTokens: -5, requests: Infinity, reasoningTokens: 2.6 } as unknown as ToolResult['usage'];
      const agent = new Agent({ name: 'a', tools: [tool(() => ToolResult.text('ok').withUsage(usage!), { needsApproval: false })] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'faulty', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
      const result = await new Runner({ model }).run(agent, 'go');
      expect(result.toolUsage).toEqual({ requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, cachedInputTokens: 0, reasoningTokens: 3 });
      expect(() => RunState.fromString(agent, result.state.toString({ secret: 's' }), { secret: 's' })).not.toThrow();
    });
  });
});

describe('Faulty tools, all rows together', () => {
  it('no crash, unhandled rejection, uncaught exception, hang, invalid invocation or pollution; messages bounded', () => {
    expect(totals).toEqual({ ...emptyTally(), largestMessage: totals.largestMessage });
  });
});

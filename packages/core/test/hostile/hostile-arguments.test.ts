import 'reflect-metadata';
import { Matches } from 'class-validator';
import {
  Agent, Args, Runner, ScriptedModel, TOOLWRIGHT_LIMITS, Tool, ToolArgumentsError, defineTool, defineToolInputGuardrail,
  GuardrailOutcome, parseToolArguments, toolsOf, type Tool as ToolObject,
} from '@toolwright/core';
import { addTally, emptyTally, guarded, runScenario, watchProcess, type Tally } from './hostile-harness';

// Hostile arguments from the model: one row per case of issue 11 (items 1, 2, 9) and the obvious
// neighbours. Every row goes through a real Runner; the tally of each must be all zero, with the
// largest message to the model within the documented bounds.

const totals = emptyTally();
let tally: Tally = emptyTally();
const current = (): Tally => tally;
let stopWatching: () => void;
beforeAll(() => (stopWatching = watchProcess()));
afterAll(() => stopWatching());

const DEPTH = 5_000;

// Items 11 and 12: a DTO whose @Matches has a flag the schema cannot carry (the scanner's
// transformer embeds the schema without the pattern), on a tool that needs approval.
class Coupon {
  @Matches(/^ab+c$/i)
  code!: string;
}
const redeemed: string[] = [];
class Coupons {
  @Tool({ needsApproval: true, failureError: null })
  redeem(@Args() coupon: Coupon) {
    redeemed.push(coupon.code);
    return `redeemed ${coupon.code}`;
  }
}
const MESSAGE_CAP = TOOLWRIGHT_LIMITS.maxMessageLength;

/** A loose tool (`{ type: 'object' }`, anything goes) that must never run. */
function mustNotRun(name = 'loose'): ToolObject {
  return guarded(defineTool({ name, description: 'Anything.', strict: false, parameters: { type: 'object' }, invoke: () => 'ran' }), () => false, current);
}

/** A strict tool taking `{ name: string }` (at most 10 characters) that must never run. */
function strictNoRun(): ToolObject {
  const tool = defineTool({
    name: 'strict',
    description: 'A name.',
    parameters: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } }, required: ['name'] },
    invoke: () => 'ran',
  });
  return guarded(tool, () => false, current);
}

function withExtras(count: number): string {
  return JSON.stringify(Object.fromEntries([['name', 'ok'], ...Array.from({ length: count }, (_, i) => [`extra${i}`, i])]));
}

function nestedArrays(depth: number, inner: string): string {
  return `{"a":${'['.repeat(depth)}${inner}${']'.repeat(depth)}}`;
}
function nestedObjects(depth: number, inner: string): string {
  return `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

interface Row {
  name: string;
  tools: () => ToolObject[];
  call: string;
  arguments: string;
  /** What the model must be told (matched against the call's output). */
  output: RegExp;
}

const TRIGGERS: Array<[string, string, string]> = [
  // [label, as a value inside arrays, as a key inside objects]
  ['constructor', '"constructor"', '{"constructor":1}'],
  ['prototype', '"prototype"', '{"prototype":1}'],
  ['__proto__', '"__proto__"', '{"__proto__":{"polluted":1}}'],
  ['a \\u escape', '"\\u0041"', '{"\\u0041":1}'],
];

const rows: Row[] = [
  // Item 1: deep nesting with every pre-check trigger, as arrays and as objects.
  ...TRIGGERS.flatMap(([label, value, key]): Row[] => [
    { name: `${DEPTH} nested arrays holding ${label}`, tools: () => [mustNotRun()], call: 'loose', arguments: nestedArrays(DEPTH, value), output: /more than 64 levels deep/ },
    { name: `${DEPTH} nested objects holding ${label}`, tools: () => [mustNotRun()], call: 'loose', arguments: nestedObjects(DEPTH, key), output: /more than 64 levels deep/ },
  ]),
  { name: 'one level past the depth limit', tools: () => [mustNotRun()], call: 'loose', arguments: nestedArrays(64, '1'), output: /more than 64 levels deep/ },
  // Forbidden keys at shallow depth: all three words, in objects and arrays, and spelled with escapes.
  { name: '__proto__ at the top', tools: () => [mustNotRun()], call: 'loose', arguments: '{"__proto__":{"polluted":1}}', output: /"__proto__" is not allowed/ },
  { name: 'constructor.prototype', tools: () => [mustNotRun()], call: 'loose', arguments: '{"constructor":{"prototype":{"polluted":1}}}', output: /"constructor" is not allowed/ },
  { name: 'prototype inside an array', tools: () => [mustNotRun()], call: 'loose', arguments: '{"a":[{"prototype":{"polluted":1}}]}', output: /\/a\/0\/prototype/ },
  { name: '__proto__ spelled with \\u escapes', tools: () => [mustNotRun()], call: 'loose', arguments: '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":1}}', output: /"__proto__" is not allowed/ },
  { name: 'a top-level array', tools: () => [mustNotRun()], call: 'loose', arguments: '[{"__proto__":1}]', output: /must be a JSON object \(got an array\)/ },
  // Item 2: floods.
  { name: '3,000 extra properties', tools: () => [strictNoRun()], call: 'strict', arguments: withExtras(3_000), output: /… and 2,980 more/ },
  { name: '10,000 extra properties', tools: () => [strictNoRun()], call: 'strict', arguments: withExtras(10_000), output: /checking stopped at the first problem/ },
  { name: 'a 1 MB key', tools: () => [strictNoRun()], call: 'strict', arguments: `{"name":"ok","${'k'.repeat(1 << 20)}":1}`, output: /1,048,576 characters/ },
  { name: 'a 1 MB value', tools: () => [strictNoRun()], call: 'strict', arguments: `{"name":"${'v'.repeat(1 << 20)}"}`, output: /must NOT have more than 10 characters/ },
  { name: 'a 1 MB tool name', tools: () => [strictNoRun()], call: 'n'.repeat(1 << 20), arguments: '{}', output: /… \(1,048,576 characters\)" not found/ },
  {
    name: 'a 4 MB array of wrong-typed items',
    tools: () => [
      guarded(
        defineTool({ name: 'tags', description: 'Tags.', parameters: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, required: ['tags'] }, invoke: () => 'ran' }),
        () => false,
        current,
      ),
    ],
    call: 'tags',
    arguments: `{"tags":[${'1,'.repeat(2_000_000)}1]}`,
    output: /checking stopped at the first problem/,
  },
  { name: 'arguments past the length limit', tools: () => [mustNotRun()], call: 'loose', arguments: `{"a":"${'x'.repeat(TOOLWRIGHT_LIMITS.maxArgumentsLength)}"}`, output: /at most 4,194,304 are accepted/ },
  { name: 'a megabyte of broken JSON', tools: () => [mustNotRun()], call: 'loose', arguments: `{"a":${'x'.repeat(1 << 20)}`, output: /is not valid JSON/ },
  // Item 9: numbers JSON.parse turns into ±Infinity.
  ...['1e400', '-1e400', `1${'0'.repeat(400)}`, '[1e400]'].map(
    (n): Row => ({ name: `the number ${n.slice(0, 12)}`, tools: () => [mustNotRun()], call: 'loose', arguments: `{"amount":${n}}`, output: /too large to represent/ }),
  ),
];

describe('Hostile arguments', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s: refused with a bounded argument error, no crash, no run', async (_name, row) => {
    tally = emptyTally();
    const outcome = await runScenario({ tools: row.tools(), calls: [{ name: row.call, arguments: row.arguments, callId: 'c1' }] }, tally);
    addTally(totals, tally);
    expect(outcome.error).toBeUndefined();
    expect(outcome.result?.status).toBe('completed');
    expect(outcome.outputs[0]).toMatch(row.output);
    expect(tally).toEqual({ ...emptyTally(), largestMessage: tally.largestMessage });
    expect(tally.largestMessage).toBeLessThanOrEqual(MESSAGE_CAP);
  });

  describe('neighbours that must still run', () => {
    const cases: Array<[string, string, (args: any) => boolean]> = [
      ['nesting at the depth limit', nestedArrays(63, '1'), (a) => Array.isArray(a.a)],
      ['the forbidden words as plain text', '{"note":"constructor, prototype and __proto__ and \\\\u0041 as text"}', (a) => typeof a.note === 'string'],
      ['the largest finite number', '{"amount":1.7e308}', (a) => a.amount === 1.7e308],
      ['"1e400" as a string', '{"amount":"1e400"}', (a) => a.amount === '1e400'],
    ];
    it.each(cases)('%s', async (_name, args, accept) => {
      tally = emptyTally();
      const runs = { count: 0 };
      const tool = guarded(defineTool({ name: 'loose', description: '', strict: false, parameters: { type: 'object' }, invoke: () => 'ran' }), accept, current, runs);
      const outcome = await runScenario({ tools: [tool], calls: [{ name: 'loose', arguments: args, callId: 'c1' }] }, tally);
      addTally(totals, tally);
      expect(outcome.outputs).toEqual(['ran']);
      expect(runs.count).toBe(1);
      expect(tally.invalidInvocations).toBe(0);
    });
  });

  describe('parseToolArguments on its own', () => {
    const loose = defineTool({ name: 'loose', description: '', strict: false, parameters: { type: 'object' }, invoke: () => 'ran' });
    it.each(TRIGGERS.flatMap(([label, value, key]) => [[`arrays with ${label}`, nestedArrays(DEPTH, value)], [`objects with ${label}`, nestedObjects(DEPTH, key)]]))(
      'throws ToolArgumentsError, never RangeError, for %s',
      (_label, raw) => {
        expect(() => parseToolArguments(loose, raw)).toThrow(ToolArgumentsError);
      },
    );

    it('refuses arguments that are not JSON text (an adapter passing an object)', () => {
      expect(() => parseToolArguments(loose, { a: 1 } as unknown as string)).toThrow(/must be sent as JSON text/);
    });
  });

  describe('the duplicate policy compares exact values', () => {
    async function runsOf(calls: string[]): Promise<number> {
      const runs = { count: 0 };
      const tool = guarded(
        defineTool({ name: 'pay', description: '', strict: false, duplicates: 'reject', parameters: { type: 'object' }, invoke: () => 'paid' }),
        () => true,
        current,
        runs,
      );
      tally = emptyTally();
      await runScenario({ tools: [tool], calls: calls.map((a, i) => ({ name: 'pay', arguments: a, callId: `c${i}` })) }, tally);
      addTally(totals, tally);
      return runs.count;
    }

    it('-0 is not a duplicate of 0', async () => {
      expect(await runsOf(['{"amount":0}', '{"amount":-0}'])).toBe(2);
    });

    it('the same object with its keys in another order is a duplicate', async () => {
      expect(await runsOf(['{"a":1,"b":2}', '{"b":2,"a":1}'])).toBe(1);
    });
  });

  describe('DTO constraints are checked in the validation stage, before approval and guardrails (items 11, 12)', () => {
    async function attempt(code: string) {
      const checked: unknown[] = [];
      const guardrail = defineToolInputGuardrail({ name: 'spy', check: ({ args }) => (checked.push(args), GuardrailOutcome.allow()) });
      const agent = new Agent({ name: 'shop', tools: toolsOf(new Coupons()) });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'redeem', arguments: { code }, callId: 'r1' }] }, { text: 'done' }]);
      const result = await new Runner({ model, guardrails: [guardrail], guardrailsBeforeApproval: true }).run(agent, 'go');
      return { result, checked };
    }

    it('"zzz" fails @Matches(/^ab+c$/i): an argument error for the model, no approval asked, no guardrail, no run, not fatal', async () => {
      const { result, checked } = await attempt('zzz');
      expect(result.status).toBe('completed');
      expect(result.interruptions).toEqual([]);
      expect(checked).toEqual([]);
      expect(redeemed).toEqual([]);
      const output = result.history.find((i) => i.type === 'function_call_output') as { output: string };
      expect(output.output).toMatch(/^Invalid arguments for tool "redeem":\n- \/code: code must match/);
    });

    it('"ABBC" passes (the flag applies) and waits for approval', async () => {
      const { result, checked } = await attempt('ABBC');
      expect(result.status).toBe('interrupted');
      expect(checked).toEqual([{ code: 'ABBC' }]);
    });
  });

});

describe('Hostile arguments, all rows together', () => {
  it('no crash, unhandled rejection, uncaught exception, hang, invalid invocation or pollution; messages bounded', () => {
    expect(totals).toEqual({ ...emptyTally(), largestMessage: totals.largestMessage });
    expect(totals.largestMessage).toBeLessThanOrEqual(MESSAGE_CAP);
  });
});

// The scenarios of the frozen run-state corpus: the agents and tools of each, how its state was
// written, and how it is resumed. `write-corpus.ts` writes the states of the current format into
// `v<version>/`; the corpus test reads every `v*/` directory, so a state written by any released
// format must load and resume with the current code. Never edit or regenerate a released version's
// files: they stand for paused runs already sitting in users' stores.
import { Agent, GuardrailOutcome, Runner, ScriptedModel, defineInputGuardrail, defineTool, defineToolInputGuardrail, type ModelRequest, type RunResult, type RunState, type ToolContext } from '@toolwright/core';

/** The secret the signed corpus states were written with. */
export const CORPUS_SECRET = 'run-state-corpus-secret';

export interface CorpusWorld {
  agents: Agent<any>[];
  /** What the tools did, in order. */
  log: string[];
  runner: Runner;
  /** The same model, with `guardrailsBeforeApproval` (since format 2). */
  guardedRunner: Runner;
}

type Turn = { text: string } | { toolCalls: Array<{ name: string; arguments: object; callId: string }> };

/** A model that calls tools on its first turn and answers with the outputs it saw. */
function model(firstTurn: (request: ModelRequest) => Turn) {
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i) => i.type === 'function_call_output');
    if (outputs.length === 0) return firstTurn(request);
    return { text: `done: ${outputs.map((o) => String((o as { output: unknown }).output)).join(' | ')}` };
  });
}

/** The agents every corpus scenario uses, with fresh tools that log what they do. */
export function corpusWorld(): CorpusWorld {
  const log: string[] = [];
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'number' } }, required: ['id', 'amount'] },
    needsApproval: true,
    invoke: (ctx: ToolContext<{ userId?: string } | undefined>, args: { id: string; amount: number }) => {
      log.push(`refund ${args.id} ${args.amount} for ${ctx.context?.userId ?? 'nobody'}`);
      return `refunded ${args.id}`;
    },
  });
  const lookup = defineTool({
    name: 'lookup',
    description: 'Look an order up.',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    duplicates: 'reject',
    invoke: (_ctx, args: { id: string }) => {
      log.push(`lookup ${args.id}`);
      return `order ${args.id}: 20 EUR`;
    },
  });
  const clerk = new Agent({ name: 'clerk', instructions: 'Refund when asked.', tools: [refund] });
  const support = new Agent({
    name: 'support',
    instructions: 'Help with orders.',
    tools: [refund, lookup, clerk.asTool({ name: 'ask_clerk', description: 'Ask the clerk.' })],
  });
  // Since format 2: an agent whose guardrail decisions the state records.
  const polite = defineInputGuardrail({ name: 'polite', check: () => GuardrailOutcome.allow() });
  const noO9 = defineToolInputGuardrail({
    name: 'no-o9',
    check: ({ args }) => ((args as { id?: string }).id === 'o-9' ? GuardrailOutcome.reject('o-9 is off limits.') : GuardrailOutcome.allow()),
  });
  const guarded = new Agent({ name: 'guarded', instructions: 'Guarded.', tools: [{ ...refund, inputGuardrails: [noO9] }, lookup], inputGuardrails: [polite] });
  const clerkModel = (request: ModelRequest): Turn | undefined =>
    request.instructions === 'Refund when asked.' ? { toolCalls: [{ name: 'refund', arguments: { id: 'n-1', amount: 5 }, callId: 'inner-1' }] } : undefined;
  const scripted = model((request) => {
      const inner = clerkModel(request);
      if (inner) return inner;
      const text = JSON.stringify(request.input);
      if (text.includes('nested')) return { toolCalls: [{ name: 'ask_clerk', arguments: { input: 'refund n-1' }, callId: 'outer-1' }] };
      if (text.includes('finish')) return { text: 'nothing to do' };
      if (request.instructions === 'Guarded.') {
        return {
          toolCalls: [
            { name: 'refund', arguments: { id: 'o-9', amount: 1 }, callId: 'refund-9' },
            { name: 'refund', arguments: { id: 'o-1', amount: 20 }, callId: 'refund-1' },
          ],
        };
      }
      return {
        toolCalls: [
          { name: 'lookup', arguments: { id: 'o-1' }, callId: 'look-1' },
          { name: 'refund', arguments: { id: 'o-1', amount: 20 }, callId: 'refund-1' },
        ],
      };
  });
  const runner = new Runner({ model: scripted });
  const guardedRunner = new Runner({ model: scripted, guardrailsBeforeApproval: true });
  return { agents: [support, clerk, guarded], log, runner, guardedRunner };
}

/** One frozen state: how it was written and what resuming it must give. */
export interface CorpusScenario {
  file: string;
  /** The first format whose corpus has this scenario (default 1). */
  since?: number;
  /** Runs the scenario up to the state to freeze; returns its text. */
  write(world: CorpusWorld): Promise<string>;
  /** Reads the frozen text and resumes it; returns the final result. */
  resume(world: CorpusWorld, text: string, read: (text: string, secret?: string) => RunState<any>): Promise<RunResult<any>>;
  /** What the resumed run must end with. */
  expected: { finalOutput: string; log: string[] };
  /** More checks of the state as read (before it resumes). */
  inspect?: (state: RunState<any>) => void;
}

const support = (world: CorpusWorld) => world.agents[0]!;

export const CORPUS_SCENARIOS: CorpusScenario[] = [
  {
    file: 'paused-approval.json',
    write: async (world) => (await world.runner.run(support(world), 'refund o-1')).state.toString(),
    resume: async (world, text, read) => {
      const state = read(text);
      state.approve('refund-1');
      return world.runner.run(support(world), state);
    },
    expected: { finalOutput: 'done: order o-1: 20 EUR | refunded o-1', log: ['lookup o-1', 'refund o-1 20 for nobody'] },
  },
  {
    file: 'paused-decided-edited.json',
    write: async (world) => {
      const paused = await world.runner.run(support(world), 'refund o-1');
      paused.state.approve('refund-1', { arguments: { id: 'o-1', amount: 15 }, always: true });
      return paused.state.toString();
    },
    resume: async (world, text, read) => world.runner.run(support(world), read(text)),
    expected: { finalOutput: 'done: order o-1: 20 EUR | refunded o-1', log: ['lookup o-1', 'refund o-1 15 for nobody'] },
  },
  {
    file: 'paused-rejected.json',
    write: async (world) => {
      const paused = await world.runner.run(support(world), 'refund o-1');
      paused.state.reject('refund-1', { message: 'Not today.' });
      return paused.state.toString();
    },
    resume: async (world, text, read) => world.runner.run(support(world), read(text)),
    expected: { finalOutput: 'done: order o-1: 20 EUR | Not today.', log: ['lookup o-1'] },
  },
  {
    file: 'paused-nested.json',
    write: async (world) => (await world.runner.run(support(world), 'nested refund')).state.toString(),
    resume: async (world, text, read) => {
      const state = read(text);
      state.approve('inner-1');
      return world.runner.run(support(world), state);
    },
    expected: { finalOutput: 'done: done: refunded n-1', log: ['refund n-1 5 for nobody'] },
  },
  {
    file: 'paused-signed-with-context.txt',
    write: async (world) =>
      (
        await world.runner.run(support(world), 'refund o-1', {
          context: { userId: 'alice', token: 'secret-token' },
          persistContext: (ctx: { userId: string; token: string }) => ({ userId: ctx.userId }),
        })
      ).state.toString({ secret: CORPUS_SECRET }),
    resume: async (world, text, read) => {
      const state = read(text, CORPUS_SECRET);
      state.approve('refund-1');
      return world.runner.run(support(world), state);
    },
    expected: { finalOutput: 'done: order o-1: 20 EUR | refunded o-1', log: ['lookup o-1', 'refund o-1 20 for alice'] },
  },
  {
    file: 'paused-metadata-guardrails.json',
    since: 2,
    write: async (world) => (await world.guardedRunner.run(world.agents[2]!, 'refund two', { metadata: { ticket: 'T-1', tags: ['vip'] } })).state.toString(),
    resume: async (world, text, read) => {
      const state = read(text);
      state.approve('refund-1');
      return world.guardedRunner.run(world.agents[2]!, state);
    },
    expected: { finalOutput: 'done: o-9 is off limits. | refunded o-1', log: ['refund o-1 20 for nobody'] },
    inspect: (state) => {
      if (JSON.stringify(state.metadata) !== JSON.stringify({ ticket: 'T-1', tags: ['vip'] })) throw new Error(`metadata ${JSON.stringify(state.metadata)}`);
      const decisions = state.guardrailDecisions.map((d) => `${d.stage}:${d.guardrail}:${d.outcome}:${d.callId ?? ''}:${d.message ?? ''}`);
      if (JSON.stringify(decisions) !== JSON.stringify(['input:polite:allow::', 'tool_input:no-o9:reject:refund-9:o-9 is off limits.'])) throw new Error(`decisions ${JSON.stringify(decisions)}`);
    },
  },
  {
    file: 'completed.json',
    write: async (world) => (await world.runner.run(support(world), 'finish')).state.toString(),
    resume: async (_world, text, read) => {
      const state = read(text);
      return { status: state.status, finalOutput: state.finalOutput } as RunResult<any>;
    },
    expected: { finalOutput: 'nothing to do', log: [] },
  },
];

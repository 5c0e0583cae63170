import {
  Agent, Runner, ScriptedModel, ToolwrightError, type Item, type RunResult, type RunnerOptions, type Tool,
} from '@toolwright/core';

/** What one hostile case did, counted. Every count must stay zero; `largestMessage` bounded. */
export interface Tally {
  /** Runs that failed with something other than a Toolwright error (or threw synchronously). */
  crashes: number;
  unhandledRejections: number;
  uncaughtExceptions: number;
  /** Runs that did not settle within the watchdog (a bound with a wide margin, not a timing). */
  neverSettled: number;
  /** Tool invocations with arguments the case says must never reach the tool. */
  invalidInvocations: number;
  /** Properties that appeared on Object.prototype or Array.prototype. */
  pollution: number;
  /** Characters of the longest function_call_output sent to the model. */
  largestMessage: number;
}

export function emptyTally(): Tally {
  return { crashes: 0, unhandledRejections: 0, uncaughtExceptions: 0, neverSettled: 0, invalidInvocations: 0, pollution: 0, largestMessage: 0 };
}

export function addTally(into: Tally, from: Tally): void {
  for (const key of Object.keys(into) as Array<keyof Tally>) {
    into[key] = key === 'largestMessage' ? Math.max(into[key], from[key]) : into[key] + from[key];
  }
}

const WATCHDOG_MS = 60_000;

// Process-level failures are counted by listeners installed for the whole file (with a listener
// present, Node does not turn an unhandled rejection into a crash of the test process).
const seen = { unhandled: 0, uncaught: 0 };
const onUnhandled = (): void => void seen.unhandled++;
const onUncaught = (): void => void seen.uncaught++;

/** Installs the process listeners; call in beforeAll, and the returned function in afterAll. */
export function watchProcess(): () => void {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  return () => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUncaught);
  };
}

/** A tool whose invocations are checked: `accept(args)` false counts an invalid invocation. */
export function guarded(tool: Tool, accept: (args: any) => boolean, tally: () => Tally, runs?: { count: number }): Tool {
  return {
    ...tool,
    invoke: (ctx, args) => {
      if (runs) runs.count++;
      if (!accept(args)) tally().invalidInvocations++;
      return tool.invoke(ctx, args);
    },
  };
}

export interface Scenario {
  tools: Tool[];
  /** The calls of the model's first response; the second response is the final text. */
  calls: Array<{ name: string; arguments: string; callId?: string }>;
  runner?: RunnerOptions;
  /** Milliseconds to wait after the run settled, for late callbacks of the tools to fire. */
  lingerMs?: number;
}

export interface ScenarioOutcome {
  tally: Tally;
  result?: RunResult;
  error?: unknown;
  /** The function_call_output texts the model was sent, in order. */
  outputs: string[];
}

function prototypeKeys(): number {
  return Object.getOwnPropertyNames(Object.prototype).length + Object.getOwnPropertyNames(Array.prototype).length;
}

/** Runs a scenario through a real Runner and ScriptedModel and counts what went wrong. */
export async function runScenario(scenario: Scenario, tally: Tally = emptyTally()): Promise<ScenarioOutcome> {
  const before = { ...seen };
  const keys = prototypeKeys();
  const model = new ScriptedModel([{ toolCalls: scenario.calls }, { text: 'done' }, { text: 'done' }]);
  const agent = new Agent({ name: 'hostile', tools: scenario.tools });
  const outcome: ScenarioOutcome = { tally, outputs: [] };
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = new Runner({ model, maxConsecutiveToolFailures: 0, ...scenario.runner }).run(agent, 'go');
    const watchdog = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), WATCHDOG_MS)));
    const settled = await Promise.race([run.then((result) => ({ result }), (error: unknown) => ({ error })), watchdog]);
    if (settled === 'timeout') tally.neverSettled++;
    else if ('result' in settled) outcome.result = settled.result;
    else {
      outcome.error = settled.error;
      if (!(settled.error instanceof ToolwrightError)) tally.crashes++;
    }
  } catch (error) {
    outcome.error = error;
    tally.crashes++;
  } finally {
    clearTimeout(timer);
  }
  if (scenario.lingerMs) await new Promise((resolve) => setTimeout(resolve, scenario.lingerMs));
  const last = model.requests[model.requests.length - 1];
  for (const item of (last?.input ?? []) as Item[]) {
    if (item.type !== 'function_call_output') continue;
    const text = typeof item.output === 'string' ? item.output : item.output.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
    outcome.outputs.push(text);
    tally.largestMessage = Math.max(tally.largestMessage, text.length);
  }
  tally.unhandledRejections += seen.unhandled - before.unhandled;
  tally.uncaughtExceptions += seen.uncaught - before.uncaught;
  tally.pollution += prototypeKeys() - keys + (({} as { polluted?: unknown }).polluted === undefined ? 0 : 1);
  return outcome;
}

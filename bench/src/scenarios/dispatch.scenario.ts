import type { Adapter, Execute } from '../adapters/adapter';
import { collectGarbage, rotate } from '../harness/stats';
import { callCount, callScript, FINAL_TEXT, type Script } from '../shape/script';
import { invalidArgs, toolSpecs, type ToolArgs } from '../shape/tool-spec';
import { check, fail, failed, record, slot, type SessionResult } from './session-result';

/** Distinct tools the dispatch scripts cycle through (also used by the parallel scenario). */
export const DISPATCH_TOOLS = 10;

/** Options of the dispatch session. */
export interface DispatchOptions {
  reps: number;
  longReps: number;
}

interface Prepared {
  adapter: Adapter;
  tools: unknown;
  executed: { count: number };
}

function countingExecute(executed: { count: number }): Execute {
  return (args: ToolArgs) => {
    // The tool reads its validated arguments, as a real one would.
    executed.count++;
    return { ok: true, query: args.query, limit: args.limit };
  };
}

/** Runs `script` once and checks the run made every call and answered. Returns µs per call. */
async function timedRun(p: Prepared, script: Script): Promise<number> {
  const calls = callCount(script);
  const before = p.executed.count;
  const t0 = performance.now();
  const outcome = await p.adapter.run(p.tools, script);
  const elapsed = performance.now() - t0;
  check(outcome.finalOutput === FINAL_TEXT, p.adapter.id, `final output ${JSON.stringify(outcome.finalOutput)}, expected "${FINAL_TEXT}"`);
  check(outcome.toolOutputs === calls, p.adapter.id, `${outcome.toolOutputs} tool outputs in the history, expected ${calls}`);
  check(p.executed.count - before === calls, p.adapter.id, `${p.executed.count - before} tool executions, expected ${calls}`);
  return (elapsed * 1000) / calls;
}

/**
 * Validation must be on: a call with out-of-range arguments is answered but never executed.
 * (The floor has no validation by definition.)
 */
async function checkRejectsInvalid(p: Prepared): Promise<void> {
  if (p.adapter.id === 'floor') return;
  const [spec] = toolSpecs(1);
  const script: Script = {
    turns: [[{ callId: 'bad_1', name: spec!.name, arguments: JSON.stringify(invalidArgs(spec!)) }]],
  };
  const before = p.executed.count;
  const outcome = await p.adapter.run(p.tools, script);
  check(p.executed.count === before, p.adapter.id, 'a call with limit above its maximum was executed: argument validation is off');
  check(outcome.finalOutput === FINAL_TEXT, p.adapter.id, 'the run did not continue after an invalid call');
}

/**
 * Dispatch: 1,000 calls through a full agent loop, as 100 turns × 10 calls and as 1,000 turns ×
 * 1 call, adapters alternating per repetition after a warm-up.
 */
export async function dispatchSession(adapters: Adapter[], options: DispatchOptions): Promise<SessionResult> {
  const results: SessionResult = {};
  const specs = toolSpecs(DISPATCH_TOOLS);
  const wide = callScript(specs, 100, 10);
  const long = callScript(specs, 1000, 1);
  const prepared: Prepared[] = [];
  for (const adapter of adapters) {
    try {
      const executed = { count: 0 };
      const p = { adapter, tools: adapter.buildTools(specs, countingExecute(executed)), executed };
      if (adapter.describeTools) slot(results, adapter.id).notes.push(adapter.describeTools(specs));
      await checkRejectsInvalid(p);
      await timedRun(p, wide); // warm-up
      await timedRun(p, callScript(specs, 200, 1)); // warm-up of the one-call shape
      prepared.push(p);
    } catch (error) {
      fail(results, adapter.id, error);
    }
  }
  for (let r = 0; r < options.reps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        collectGarbage();
        record(results, p.adapter.id, 'dispatch_100x10_us', await timedRun(p, wide));
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  for (let r = 0; r < options.longReps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        collectGarbage();
        record(results, p.adapter.id, 'dispatch_1000x1_us', await timedRun(p, long));
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  return results;
}

/**
 * The long run alone in a fresh process, for a clean peak RSS: 1,000 turns × 1 call after a
 * short warm-up. Records peak RSS (MB) and the run's µs per call.
 */
export async function longRunRss(adapter: Adapter): Promise<SessionResult> {
  const results: SessionResult = {};
  try {
    const specs = toolSpecs(DISPATCH_TOOLS);
    const executed = { count: 0 };
    const p = { adapter, tools: adapter.buildTools(specs, countingExecute(executed)), executed };
    await timedRun(p, callScript(specs, 10, 1));
    collectGarbage();
    record(results, adapter.id, 'rss_before_mb', process.memoryUsage().rss / 2 ** 20);
    record(results, adapter.id, 'rss_run_us', await timedRun(p, callScript(specs, 1000, 1)));
    // maxRSS is in kilobytes on Linux and macOS.
    record(results, adapter.id, 'rss_peak_mb', process.resourceUsage().maxRSS / 1024);
  } catch (error) {
    fail(results, adapter.id, error);
  }
  return results;
}

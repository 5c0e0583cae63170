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
  /** Runs per sample, so a sample lasts at least MIN_SAMPLE_MS (fast adapters get several). */
  inner: { wide: number; long: number };
}

/** Warm-up time per shape and adapter (at least two runs). */
const WARM_UP_MS = 600;

/** Runs `script` until `ms` have passed (at least twice); µs per call of the last run. */
async function warmUp(p: Prepared, script: Script, ms: number): Promise<number> {
  const started = performance.now();
  let last = 0;
  for (let runs = 0; runs < 2 || performance.now() - started < ms; runs++) last = await timedRun(p, script);
  return last;
}

/** Shortest sample: a fast adapter's runs are batched up to this, to average out scheduler noise. */
const MIN_SAMPLE_MS = 150;

function innerRuns(usPerCall: number, calls: number): number {
  return Math.min(100, Math.max(1, Math.ceil((MIN_SAMPLE_MS * 1000) / (usPerCall * calls))));
}

/**
 * One sample: a full GC (so the previous adapter's garbage is not collected on this one's
 * clock), then, for a fast adapter, one untimed run — right after a forced full GC the young
 * generation is at its minimum size and a short run measured then came out 1.5–2× slower than
 * in steady state — then `inner` runs back to back; µs per call over them.
 */
async function timedSample(p: Prepared, script: Script, inner: number): Promise<number> {
  collectGarbage();
  if (inner > 1) await timedRun(p, script);
  let total = 0;
  for (let i = 0; i < inner; i++) total += await timedRun(p, script);
  return total / inner;
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
 * 1 call, adapters alternating per repetition after a warm-up. A sample of a fast adapter is
 * the mean of several back-to-back runs lasting at least MIN_SAMPLE_MS together.
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
      const p: Prepared = { adapter, tools: adapter.buildTools(specs, countingExecute(executed)), executed, inner: { wide: 1, long: 1 } };
      if (adapter.describeTools) slot(results, adapter.id).notes.push(adapter.describeTools(specs));
      await checkRejectsInvalid(p);
      // Warm-up by time, not by count: a fast runner needs tens of runs before the JIT settles
      // (with three warm-up runs its first samples came out 3-4x its steady state).
      const perCallWide = await warmUp(p, wide, WARM_UP_MS);
      const perCallShort = await warmUp(p, callScript(specs, 200, 1), WARM_UP_MS / 2);
      p.inner = { wide: innerRuns(perCallWide, callCount(wide)), long: innerRuns(perCallShort, callCount(long)) };
      prepared.push(p);
    } catch (error) {
      fail(results, adapter.id, error);
    }
  }
  for (let r = 0; r < options.reps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        record(results, p.adapter.id, 'dispatch_100x10_us', await timedSample(p, wide, p.inner.wide));
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  for (let r = 0; r < options.longReps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        record(results, p.adapter.id, 'dispatch_1000x1_us', await timedSample(p, long, p.inner.long));
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
    const p: Prepared = { adapter, tools: adapter.buildTools(specs, countingExecute(executed)), executed, inner: { wide: 1, long: 1 } };
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

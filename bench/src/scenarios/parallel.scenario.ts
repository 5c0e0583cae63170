import type { Adapter } from '../adapters/adapter';
import { collectGarbage, rotate } from '../harness/stats';
import { callScript, FINAL_TEXT } from '../shape/script';
import { toolSpecs } from '../shape/tool-spec';
import { DISPATCH_TOOLS } from './dispatch.scenario';
import { check, fail, failed, record, type SessionResult } from './session-result';

/** How long each parallel call waits, in ms (the ideal wall time of the turn). */
export const IO_MS = 50;

/** Parallel I/O: one turn of 10 calls, each awaiting a 50 ms timer; wall time of the whole run. */
export async function parallelSession(adapters: Adapter[], reps: number): Promise<SessionResult> {
  const results: SessionResult = {};
  const specs = toolSpecs(DISPATCH_TOOLS);
  const script = callScript(specs, 1, 10);
  const sleep = () => new Promise<{ ok: boolean }>((resolve) => setTimeout(() => resolve({ ok: true }), IO_MS));
  const prepared = adapters.map((adapter) => ({ adapter, tools: adapter.buildTools(specs, sleep) }));
  const once = async (p: (typeof prepared)[number]) => {
    const t0 = performance.now();
    const outcome = await p.adapter.run(p.tools, script);
    const ms = performance.now() - t0;
    check(outcome.finalOutput === FINAL_TEXT && outcome.toolOutputs === 10, p.adapter.id, 'the parallel run did not record 10 outputs and answer');
    return ms;
  };
  for (const p of prepared) {
    try {
      await once(p);
      await once(p);
    } catch (error) {
      fail(results, p.adapter.id, error);
    }
  }
  for (let r = 0; r < reps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        // A full GC, then one untimed run to bring the heap back to steady state (see dispatch).
        collectGarbage();
        await once(p);
        record(results, p.adapter.id, 'parallel_ms', await once(p));
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  return results;
}

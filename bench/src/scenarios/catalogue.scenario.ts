import type { Adapter, CatalogueCase } from '../adapters/adapter';
import { collectGarbage, rotate } from '../harness/stats';
import { FINAL_TEXT, ModelClock } from '../shape/script';
import { toolSpec, toolSpecs } from '../shape/tool-spec';
import { check, fail, failed, record, slot, type SessionResult } from './session-result';

/** Tools in the catalogue. */
export const CATALOGUE_SIZE = 10_000;
/** The tools the scripted model looks up, one per turn. */
export const CATALOGUE_QUERIES = [1234, 5678, 9012, 3456].map((i) => toolSpec(i));

/**
 * Catalogue: 10,000 tools. Offer time is from building the agent to the model receiving the
 * first request; per-query latency is the framework's time between the model's answer calling
 * a tool (a direct call, or `search_tools` where tool search exists) and the next request.
 */
export async function catalogueSession(adapters: Adapter[], reps: number): Promise<SessionResult> {
  const results: SessionResult = {};
  const specs = toolSpecs(CATALOGUE_SIZE);
  const prepared: Array<{ adapter: Adapter; session: CatalogueCase }> = [];
  const once = async (adapter: Adapter, session: CatalogueCase) => {
    const clock = new ModelClock();
    const t0 = performance.now();
    const outcome = await session.run(CATALOGUE_QUERIES, clock);
    check(outcome.finalOutput === FINAL_TEXT, adapter.id, 'the catalogue run did not answer');
    check(clock.requests.length === CATALOGUE_QUERIES.length + 1, adapter.id,
      `the model was asked ${clock.requests.length} times, expected ${CATALOGUE_QUERIES.length + 1}`);
    return { offer: clock.requests[0]! - t0, gaps: clock.turnGaps() };
  };
  for (const adapter of adapters) {
    try {
      const session = adapter.catalogue(specs, () => ({ ok: true }));
      if ('unsupported' in session) {
        slot(results, adapter.id).notes.push(`n/a: ${session.unsupported}`);
        continue;
      }
      slot(results, adapter.id).notes.push(session.method);
      await once(adapter, session);
      prepared.push({ adapter, session });
    } catch (error) {
      fail(results, adapter.id, error);
    }
  }
  for (let r = 0; r < reps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        collectGarbage();
        const { offer, gaps } = await once(p.adapter, p.session);
        record(results, p.adapter.id, 'catalogue_offer_ms', offer);
        for (const g of gaps) record(results, p.adapter.id, 'catalogue_query_ms', g);
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  return results;
}

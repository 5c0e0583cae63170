import type { Adapter, ModelFacingTool } from '../adapters/adapter';
import { collectGarbage } from '../harness/stats';
import type { ToolSpec } from '../shape/tool-spec';
import { check, fail, record, type SessionResult } from './session-result';

/** Tools in the define scenario. */
export const DEFINE_COUNT = 1000;

function describedAnywhere(schema: unknown, text: string): boolean {
  return JSON.stringify(schema).includes(JSON.stringify(text));
}

/**
 * Checks the model-facing tools against the specs: same names and descriptions, the four
 * parameters with their bound, enum and descriptions. Throws naming the first difference.
 */
export function checkModelFacing(id: Adapter['id'], tools: ModelFacingTool[], specs: ToolSpec[]): void {
  check(tools.length === specs.length, id, `defined ${tools.length} tools, expected ${specs.length}`);
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const spec of specs) {
    const t = byName.get(spec.name);
    check(t !== undefined, id, `tool ${spec.name} is missing`);
    check(t.description === spec.description, id, `tool ${spec.name}: description ${JSON.stringify(t.description)}`);
    const props = (t.parameters['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    const limit = props['limit'];
    const mode = props['mode'];
    check(props['query'] !== undefined && props['tags'] !== undefined, id, `tool ${spec.name}: query or tags missing`);
    check(limit?.['type'] === 'integer' && limit['minimum'] === 1 && limit['maximum'] === spec.limit.maximum, id,
      `tool ${spec.name}: limit is ${JSON.stringify(limit)}, expected an integer 1..${spec.limit.maximum}`);
    check(Array.isArray(mode?.['enum']) && (mode['enum'] as unknown[]).includes(spec.mode.values[2]), id,
      `tool ${spec.name}: mode enum is ${JSON.stringify(mode?.['enum'])}`);
    for (const text of [spec.query.description, spec.limit.description, spec.mode.description, spec.tags.description]) {
      check(describedAnywhere(t.parameters, text), id, `tool ${spec.name}: description ${JSON.stringify(text)} is missing`);
    }
  }
}

/**
 * Define, cold: in a fresh process with the framework already imported, loads the generated
 * module of 1,000 tools and turns it into the form sent to the model. Records the time and the
 * heap still retained afterwards (after full GCs, with the tools held).
 */
export async function defineCold(adapter: Adapter, modulePath: string, specs: ToolSpec[]): Promise<SessionResult> {
  const results: SessionResult = {};
  try {
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const tools = await adapter.defineFromGenerated(modulePath);
    const ms = performance.now() - t0;
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    checkModelFacing(adapter.id, tools, specs);
    record(results, adapter.id, 'define_cold_ms', ms);
    record(results, adapter.id, 'define_heap_mb', (heapAfter - heapBefore) / 2 ** 20);
  } catch (error) {
    fail(results, adapter.id, error);
  }
  return results;
}

import type { Adapter, SchemaDefinition } from '../adapters/adapter';
import { collectGarbage } from '../harness/stats';
import { looseJsonSchema, strictJsonSchema, typicalArgs, type ToolSpec } from '../shape/tool-spec';
import { checkModelFacing } from './define.scenario';
import { fail, record, type SessionResult } from './session-result';

/** The definitions of the specs as JSON schemas: what a catalogue or an MCP listing hands over at run time. */
export function schemaDefinitions(specs: ToolSpec[]): SchemaDefinition[] {
  return specs.map((spec) => ({
    name: spec.name,
    description: spec.description,
    parameters: looseJsonSchema(spec),
    strictParameters: strictJsonSchema(spec),
    argumentsJson: JSON.stringify(typicalArgs(spec)),
  }));
}

/**
 * Define from JSON schemas, cold: in a fresh process with the framework already imported and the
 * schemas already in memory, builds 1,000 tools and renders the JSON of the tool list a model
 * request carries. Records that time, the heap retained, and (where the framework defers work
 * to it) the extra cost of a tool's first call.
 */
export async function defineSchemasCold(adapter: Adapter, specs: ToolSpec[]): Promise<SessionResult> {
  const results: SessionResult = {};
  try {
    const definitions = schemaDefinitions(specs);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const tools = await adapter.defineFromSchemas(definitions, () => 'ok');
    const wire = JSON.stringify(tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters })));
    const ms = performance.now() - t0;
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    if (wire.length === 0) throw new Error('empty tool list');
    checkModelFacing(adapter.id, tools, specs);
    record(results, adapter.id, 'define_schemas_ms', ms);
    record(results, adapter.id, 'define_schemas_heap_mb', (heapAfter - heapBefore) / 2 ** 20);
    if (adapter.firstCallMs) record(results, adapter.id, 'first_call_ms', adapter.firstCallMs(definitions[definitions.length - 1]!));
  } catch (error) {
    fail(results, adapter.id, error);
  }
  return results;
}

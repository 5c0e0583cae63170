import type { Adapter, CatalogueCase, Execute, ModelFacingTool, RunOutcome, SchemaDefinition } from './adapter';
import { FINAL_TEXT, directCatalogueScript, type ModelClock, type Script } from '../shape/script';
import { ProgressProbe } from '../shape/progress-probe';
import { strictJsonSchema, type ToolArgs, type ToolSpec } from '../shape/tool-spec';

/** A plain-JS tool: the JSON schema shown to the model and a function. */
export interface FloorTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  execute: Execute;
}

/**
 * The floor: what any framework must at least do per call — JSON.parse of the arguments, a direct
 * call, JSON.stringify of the result — with no validation, no events and no bookkeeping beyond
 * appending to a history array. Framework figures are reported over this.
 */
async function runFloor(tools: FloorTool[], script: Script, clock?: ModelClock): Promise<RunOutcome> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const history: unknown[] = [{ role: 'user', content: 'go' }];
  let toolOutputs = 0;
  for (const calls of script.turns) {
    clock?.requestArrived();
    clock?.responseSent();
    history.push(...calls);
    const outputs = await Promise.all(
      calls.map(async (call) => {
        const tool = byName.get(call.name);
        if (!tool) throw new Error(`floor: unknown tool ${call.name}`);
        const result = await tool.execute(JSON.parse(call.arguments) as ToolArgs, call.name);
        return { callId: call.callId, output: JSON.stringify(result) };
      }),
    );
    history.push(...outputs);
    toolOutputs += outputs.length;
  }
  clock?.requestArrived();
  clock?.responseSent();
  history.push({ role: 'assistant', content: FINAL_TEXT });
  return { finalOutput: FINAL_TEXT, toolOutputs };
}

/** A hand-written check of the neutral shape's types, bound and enum: the least a validator can do. */
function handValidator(spec: ToolSpec): (value: unknown) => boolean {
  const [m0, m1, m2] = spec.mode.values;
  const max = spec.limit.maximum;
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const v = value as Record<string, unknown>;
    const limit = v['limit'];
    const mode = v['mode'];
    const tags = v['tags'];
    if (typeof v['query'] !== 'string') return false;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > max) return false;
    if (mode !== m0 && mode !== m1 && mode !== m2) return false;
    if (tags !== undefined && tags !== null) {
      if (!Array.isArray(tags)) return false;
      for (const t of tags) if (typeof t !== 'string') return false;
    }
    return true;
  };
}

export const floorAdapter: Adapter<FloorTool[]> = {
  id: 'floor',
  label: 'plain JS (floor)',
  syncValidation: true,

  buildTools(specs: ToolSpec[], execute: Execute): FloorTool[] {
    return specs.map((spec) => ({
      name: spec.name,
      description: spec.description,
      parameters: strictJsonSchema(spec),
      execute,
    }));
  },

  run: runFloor,

  validator: handValidator,

  jsonValidator(spec: ToolSpec) {
    const validate = handValidator(spec);
    return (raw) => validate(JSON.parse(raw));
  },

  catalogue(specs: ToolSpec[], execute: Execute): CatalogueCase {
    const tools = floorAdapter.buildTools(specs, execute);
    return {
      method: 'direct call by name (no search)',
      run: (queries, clock) => {
        const script = directCatalogueScript(queries);
        return runFloor(tools, script, clock);
      },
    };
  },

  async streamProgress(updates: number): Promise<number[]> {
    // The minimal progress channel: a callback that hands the update to a waiting consumer.
    const probe = new ProgressProbe();
    let deliver: ((seq: number | null) => void) | undefined;
    const nextUpdate = (): Promise<number | null> => new Promise((resolve) => (deliver = resolve));
    const tool = async (): Promise<void> => {
      for (let seq = 0; seq < updates; seq++) {
        const acked = probe.send(seq);
        deliver?.(seq);
        await acked;
      }
      deliver?.(null);
    };
    let pending = nextUpdate();
    const running = tool();
    for (;;) {
      const seq = await pending;
      if (seq === null) break;
      pending = nextUpdate();
      probe.received(seq);
    }
    await running;
    return probe.latencies;
  },

  async defineFromSchemas(definitions: SchemaDefinition[]): Promise<ModelFacingTool[]> {
    // Plain objects: the strict schema as given is what is sent.
    return definitions.map((d) => ({ name: d.name, description: d.description, parameters: d.strictParameters }));
  },

  async defineFromGenerated(modulePath: string): Promise<ModelFacingTool[]> {
    const mod = require(modulePath) as { tools: FloorTool[] };
    return mod.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  },
};

import 'reflect-metadata';
import * as fs from 'node:fs';
import {
  Agent,
  Runner,
  assistantMessage,
  defineTool,
  parseToolArguments,
  toolsOf,
  ToolSearchToolset,
  type Item,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type ModelStreamEvent,
  type Tool,
} from '@toolwright/core';
import type { Adapter, CatalogueCase, Execute, ModelFacingTool, RunOutcome, SchemaDefinition } from './adapter';
import { DECORATED_MODULE_ENV } from './decorated-module';
import { DISPATCH_TOOLS } from '../scenarios/dispatch.scenario';
import { FINAL_TEXT, type ModelClock, type Script } from '../shape/script';
import { ProgressProbe } from '../shape/progress-probe';
import { looseJsonSchema, type ToolArgs, type ToolSpec } from '../shape/tool-spec';

/**
 * An in-process `Model` replaying a script: turn k answers with the calls of turn k, then the
 * final text. It reads nothing of the request unless given `onRequest`, so all per-turn cost is
 * the runner's.
 */
class ScriptedToolwrightModel implements Model {
  private turn = 0;

  constructor(
    private readonly script: Script,
    private readonly clock?: ModelClock,
    /** Sees each request before the answer is chosen (checks, or scripts that depend on it). */
    private readonly onRequest?: (request: ModelRequest, turn: number) => void,
  ) {}

  async respond(request: ModelRequest): Promise<ModelResponse> {
    this.clock?.requestArrived();
    this.onRequest?.(request, this.turn);
    const calls = this.script.turns[this.turn++];
    const output: Item[] = calls
      ? calls.map((c) => ({ type: 'function_call' as const, callId: c.callId, name: c.name, arguments: c.arguments }))
      : [assistantMessage(FINAL_TEXT)];
    const response: ModelResponse = { output, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } };
    this.clock?.responseSent();
    return response;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    yield { type: 'completed', response: await this.respond(request) };
  }
}

function buildTool(spec: ToolSpec, execute: Execute): Tool {
  return defineTool({
    name: spec.name,
    description: spec.description,
    parameters: looseJsonSchema(spec),
    invoke: (_ctx, args: ToolArgs) => execute(args, spec.name),
  });
}

const runner = new Runner();

async function runToolwright(tools: Tool[], script: Script, clock?: ModelClock): Promise<RunOutcome> {
  const agent = new Agent({ name: 'bench', instructions: 'Use the tools.', tools, model: new ScriptedToolwrightModel(script, clock) });
  const result = await runner.run(agent, 'go', { maxTurns: script.turns.length + 2 });
  let toolOutputs = 0;
  for (const item of result.history) if (item.type === 'function_call_output') toolOutputs++;
  return { finalOutput: String(result.finalOutput), toolOutputs };
}

interface CompiledArguments {
  validate: ((value: unknown) => boolean) & { errors?: unknown };
  nullPlan: unknown;
}

/**
 * The compiled validator behind `parseToolArguments`, for validating an object that is already
 * parsed (the package exports only the JSON-text entry point). Taken from `@toolwright/core/internal`.
 */
function compiledArgumentsOf(tool: Tool): { compiled: CompiledArguments; applyNullPlan: (plan: unknown, value: unknown) => void } {
  try {
    const { compiledArgumentsOf: compile, applyNullPlan } = require('@toolwright/core/internal') as {
      compiledArgumentsOf(parameters: unknown, name: string): CompiledArguments;
      applyNullPlan(plan: unknown, value: unknown): void;
    };
    return { compiled: compile(tool.parameters, tool.name), applyNullPlan };
  } catch (error) {
    throw new Error(
      `Toolwright's compiled argument validator is not exported by @toolwright/core/internal (compiledArgumentsOf, applyNullPlan); ` +
        `update bench/src/adapters/toolwright.adapter.ts. ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export const toolwrightAdapter: Adapter<Tool[]> = {
  id: 'toolwright',
  label: 'Toolwright',
  syncValidation: true,

  buildTools(specs: ToolSpec[], execute: Execute): Tool[] {
    const decorated = decoratedTools(specs, execute);
    return decorated ?? specs.map((spec) => buildTool(spec, execute));
  },

  describeTools(specs: ToolSpec[]): string {
    return decoratedModulePath(specs)
      ? 'tools are the generated @Tool methods (schemas embedded by the scanner transformer), via toolsOf'
      : 'tools are built with defineTool from a JSON schema (no generated decorated module available)';
  },

  run: runToolwright,

  validator(spec: ToolSpec) {
    // What parseToolArguments does after JSON.parse: the ajv validator compiled once per schema
    // object, then the plan that turns strict-mode nulls back into absent fields.
    const { compiled, applyNullPlan } = compiledArgumentsOf(buildTool(spec, () => null));
    return (value) => {
      if (!compiled.validate(value)) return false;
      if (compiled.nullPlan !== null) applyNullPlan(compiled.nullPlan, value);
      return true;
    };
  },

  jsonValidator(spec: ToolSpec) {
    const tool = buildTool(spec, () => null);
    return (raw) => {
      try {
        parseToolArguments(tool, raw);
        return true;
      } catch {
        return false;
      }
    };
  },

  catalogue(specs: ToolSpec[], execute: Execute): CatalogueCase {
    return catalogueCase(specs, execute);
  },

  async streamProgress(updates: number): Promise<number[]> {
    const probe = new ProgressProbe();
    const progress = defineTool({
      name: 'progress',
      description: 'Reports progress.',
      parameters: { type: 'object', properties: { steps: { type: 'integer' } }, required: ['steps'] },
      invoke: async (ctx, { steps }: { steps: number }) => {
        for (let seq = 0; seq < steps; seq++) {
          const acked = probe.send(seq);
          ctx.emit(String(seq));
          await acked;
        }
        return 'finished';
      },
    });
    const script: Script = {
      turns: [[{ callId: 'p1', name: 'progress', arguments: JSON.stringify({ steps: updates }) }]],
    };
    const agent = new Agent({ name: 'bench', tools: [progress], model: new ScriptedToolwrightModel(script) });
    const stream = runner.stream(agent, 'go');
    for await (const event of stream) {
      if (event.type === 'tool_progress') {
        const part = event.result.content[0];
        probe.received(Number(part && part.type === 'input_text' ? part.text : NaN));
      }
    }
    await stream.result;
    if (probe.latencies.length !== updates) {
      throw new Error(`toolwright: received ${probe.latencies.length} of ${updates} progress updates.`);
    }
    return probe.latencies;
  },

  async defineFromSchemas(definitions: SchemaDefinition[], execute: Execute): Promise<ModelFacingTool[]> {
    return definitions.map((d) => {
      const t = defineTool({ name: d.name, description: d.description, parameters: d.parameters, invoke: (_ctx, args: ToolArgs) => execute(args, d.name) });
      return { name: t.name, description: t.description, parameters: t.parameters };
    });
  },

  firstCallMs(definition: SchemaDefinition): number {
    // The validator is compiled on a tool's first call (loading ajv for the first tool of the
    // process): the first parse of valid arguments, beyond what the second one costs.
    const t = defineTool({ name: definition.name, description: definition.description, parameters: definition.parameters, invoke: () => null });
    const t0 = performance.now();
    parseToolArguments(t, definition.argumentsJson);
    const first = performance.now() - t0;
    const t1 = performance.now();
    parseToolArguments(t, definition.argumentsJson);
    return first - (performance.now() - t1);
  },

  async defineFromGenerated(modulePath: string): Promise<ModelFacingTool[]> {
    return defineFromGeneratedModule(modulePath);
  },
};

/** How many matches `search_tools` discloses per query in the catalogue scenario. */
const SEARCH_RESULTS = 5;

/**
 * The catalogue through tool search (`ToolSearchToolset`, issue 6): the agent is offered
 * `search_tools`; each query discloses the best matches for the next turn. The model checks that
 * the tool it looked for is offered after its search, so ranking is verified, not assumed.
 */
function catalogueCase(specs: ToolSpec[], execute: Execute): CatalogueCase {
  const tools = specs.map((spec) => buildTool(spec, execute));
  return {
    method:
      `ToolSearchToolset over the catalogue (maxResults ${SEARCH_RESULTS}); offering includes building the toolset and its index (warmUp); ` +
      'one search_tools(query) call per query, and the tool searched for must be offered on the next turn',
    run: async (queries, clock) => {
      const script: Script = { turns: [] };
      const model = new ScriptedToolwrightModel(script, clock, (request, turn) => {
        const search = request.tools.find((t) => t.name === 'search_tools');
        if (!search) throw new Error('toolwright: the catalogue agent was not offered search_tools.');
        if (turn > 0) {
          const wanted = queries[turn - 1]!.name;
          if (!request.tools.some((t) => t.name === wanted)) {
            throw new Error(`toolwright: after searching for "${searchText(queries[turn - 1]!)}", ${wanted} was not offered.`);
          }
        }
        // Fill the calls lazily: the arguments follow the schema search_tools advertises.
        if (turn < queries.length) {
          script.turns[turn] = [{ callId: `q_${turn}`, name: 'search_tools', arguments: JSON.stringify(searchArguments(search.parameters, searchText(queries[turn]!))) }];
        }
      });
      // Built inside the timed region: making the catalogue searchable is part of offering it.
      const toolset = new ToolSearchToolset({ tools, maxResults: SEARCH_RESULTS });
      toolset.warmUp();
      const agent = new Agent({ name: 'bench', instructions: 'Find the right tool.', tools: [toolset], model });
      const result = await runner.run(agent, 'go', { maxTurns: queries.length + 2 });
      let toolOutputs = 0;
      for (const item of result.history) if (item.type === 'function_call_output') toolOutputs++;
      return { finalOutput: String(result.finalOutput), toolOutputs };
    },
  };
}

/** What the model types into search: the words of the tool's name. */
function searchText(spec: ToolSpec): string {
  return spec.name.split('_').join(' ');
}

/** `{ query }` plus `null` for every other required (strict-mode nullable) property. */
function searchArguments(parameters: Record<string, unknown>, query: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const properties = (parameters['properties'] ?? {}) as Record<string, unknown>;
  const queryKey = 'query' in properties ? 'query' : Object.keys(properties)[0] ?? 'query';
  for (const key of (parameters['required'] as string[] | undefined) ?? []) args[key] = null;
  args[queryKey] = query;
  return args;
}

function decoratedModulePath(specs: ToolSpec[]): string | undefined {
  const modulePath = process.env[DECORATED_MODULE_ENV];
  if (!modulePath || !fs.existsSync(modulePath)) return undefined;
  return specs.every((spec) => spec.index < DISPATCH_TOOLS) ? modulePath : undefined;
}

/**
 * The tools of `specs` as decorated methods of the generated toolkits (the way Toolwright is
 * meant to be used), each running `execute`; undefined when the module is not there.
 */
function decoratedTools(specs: ToolSpec[], execute: Execute): Tool[] | undefined {
  const modulePath = decoratedModulePath(specs);
  if (!modulePath) return undefined;
  const mod = require(modulePath) as { createToolkits(execute: Execute): object[] };
  const wanted = new Set(specs.map((spec) => spec.name));
  const tools = mod.createToolkits(execute).flatMap((instance) => toolsOf(instance)).filter((tool) => wanted.has(tool.name));
  if (tools.length !== specs.length) throw new Error(`toolwright: the decorated module has ${tools.length} of the ${specs.length} tools asked for.`);
  return tools;
}

/**
 * Loads the compiled decorated classes (schemas embedded by the scanner's transformer), makes one
 * instance per toolkit and returns `toolsOf` of each, in the form sent to the model.
 */
function defineFromGeneratedModule(modulePath: string): ModelFacingTool[] {
  const mod = require(modulePath) as { createToolkits(): object[] };
  const out: ModelFacingTool[] = [];
  for (const instance of mod.createToolkits()) {
    for (const tool of toolsOf(instance)) out.push({ name: tool.name, description: tool.description, parameters: tool.parameters as Record<string, unknown> });
  }
  return out;
}

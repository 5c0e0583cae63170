import {
  Agent,
  Runner,
  Usage,
  setTracingDisabled,
  tool,
  type AgentInputItem,
  type AgentOutputItem,
  type FunctionTool,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';
import { z } from 'zod';
import type { Adapter, CatalogueCase, Execute, ModelFacingTool, RunOutcome, SchemaDefinition } from './adapter';
import { FINAL_TEXT, directCatalogueScript, type ModelClock, type Script } from '../shape/script';
import type { ToolArgs, ToolSpec } from '../shape/tool-spec';

// No network: the scripted model below answers in-process, and tracing would only buffer spans
// for an exporter that has no key.
setTracingDisabled(true);

/**
 * The neutral shape as a zod object, the way an @openai/agents user writes it for strict mode:
 * the optional field `.nullable()` (with `.optional()` the SDK's fallback converter drops
 * `integer`, `minimum` and `maximum` from the schema the model sees).
 */
export function agentsParameters(spec: ToolSpec) {
  return z.object({
    query: z.string().describe(spec.query.description),
    limit: z.number().int().min(spec.limit.minimum).max(spec.limit.maximum).describe(spec.limit.description),
    mode: z.enum(spec.mode.values).describe(spec.mode.description),
    tags: z.array(z.string()).nullable().describe(spec.tags.description),
  });
}

/**
 * An in-process `Model` (the SDK's own provider interface) replaying a script: turn k returns
 * the calls of turn k as `function_call` items, then a final assistant message.
 */
class ScriptedAgentsModel implements Model {
  private turn = 0;

  constructor(
    private readonly script: Script,
    private readonly clock?: ModelClock,
  ) {}

  async getResponse(_request: ModelRequest): Promise<ModelResponse> {
    this.clock?.requestArrived();
    const calls = this.script.turns[this.turn];
    const id = `resp_${this.turn++}`;
    const output: AgentOutputItem[] = calls
      ? calls.map((c) => ({
          type: 'function_call' as const,
          id: `fc_${c.callId}`,
          callId: c.callId,
          name: c.name,
          arguments: c.arguments,
          status: 'completed' as const,
        }))
      : [
          {
            type: 'message' as const,
            id: `msg_${id}`,
            role: 'assistant' as const,
            status: 'completed' as const,
            content: [{ type: 'output_text' as const, text: FINAL_TEXT }],
          },
        ];
    const response: ModelResponse = {
      responseId: id,
      usage: new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }),
      output,
    };
    this.clock?.responseSent();
    return response;
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const response = await this.getResponse(request);
    yield {
      type: 'response_done',
      response: {
        id: response.responseId ?? 'resp',
        usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        output: response.output as Extract<StreamEvent, { type: 'response_done' }>['response']['output'],
      },
    };
  }
}

type AgentsTool = FunctionTool<unknown, any, unknown>;

function buildTool(spec: ToolSpec, execute: Execute): AgentsTool {
  return tool({
    name: spec.name,
    description: spec.description,
    parameters: agentsParameters(spec),
    execute: (args) => execute(args as ToolArgs, spec.name),
  }) as AgentsTool;
}

const runner = new Runner({ tracingDisabled: true });

async function runAgents(tools: AgentsTool[], script: Script, clock?: ModelClock): Promise<RunOutcome> {
  const agent = new Agent({
    name: 'bench',
    instructions: 'Use the tools.',
    tools,
    model: new ScriptedAgentsModel(script, clock),
  });
  const result = await runner.run(agent, 'go', { maxTurns: script.turns.length + 2 });
  const history: AgentInputItem[] = result.history;
  return {
    finalOutput: String(result.finalOutput),
    toolOutputs: history.filter((item) => item.type === 'function_call_result').length,
  };
}

export const agentsAdapter: Adapter<AgentsTool[]> = {
  id: 'agents',
  label: '@openai/agents',
  syncValidation: true,

  buildTools(specs: ToolSpec[], execute: Execute): AgentsTool[] {
    return specs.map((spec) => buildTool(spec, execute));
  },

  run: runAgents,

  validator(spec: ToolSpec) {
    // The SDK's parser for a zod tool is `schema.parse(...)` on the JSON-parsed input (after
    // dropping nulls the strict schema allowed for optional fields).
    const schema = agentsParameters(spec);
    return (value) => schema.safeParse(value).success;
  },

  jsonValidator(spec: ToolSpec) {
    // The SDK's strict zod parser: `schema.parse(stripStrictNulls(JSON.parse(raw)))`; the
    // null-stripping step is internal, and our typical object has no nulls to strip.
    const schema = agentsParameters(spec);
    return (raw) => {
      try {
        schema.parse(JSON.parse(raw));
        return true;
      } catch {
        return false;
      }
    };
  },

  catalogue(specs: ToolSpec[], execute: Execute): CatalogueCase {
    const tools = agentsAdapter.buildTools(specs, execute);
    return {
      method: 'every tool offered each turn; direct call (no tool search in the SDK for function tools without the hosted tool_search)',
      run: (queries, clock) =>
        runAgents(
          tools,
          directCatalogueScript(queries),
          clock,
        ),
    };
  },

  streamProgress: null,
  streamingNote:
    'no progress channel for function tools: the run stream carries model deltas and run items only (agent.asTool({ onStream }) forwards a nested agent\'s events to a callback, not to the stream)',

  async defineFromSchemas(definitions: SchemaDefinition[], execute: Execute): Promise<ModelFacingTool[]> {
    // A JSON schema for `parameters` (strict, as the SDK requires with strict: true).
    const tools = definitions.map((d) =>
      tool({
        name: d.name,
        description: d.description,
        parameters: d.strictParameters as never,
        strict: true,
        execute: (args: unknown) => execute(args as ToolArgs, d.name) as never,
      }),
    );
    return tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters as Record<string, unknown> }));
  },

  async defineFromGenerated(modulePath: string): Promise<ModelFacingTool[]> {
    const mod = require(modulePath) as { tools: AgentsTool[] };
    // The serialised form the SDK sends: name, description, parameters (JSON schema), strict.
    return mod.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters as Record<string, unknown> }));
  },
};

import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { safeParseJSON, safeValidateTypes } from '@ai-sdk/provider-utils';
import { asSchema, generateText, jsonSchema, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { Adapter, CatalogueCase, Execute, ModelFacingTool, RunOutcome, SchemaDefinition } from './adapter';
import { FINAL_TEXT, directCatalogueScript, type ModelClock, type Script, type ScriptedCall } from '../shape/script';
import { ProgressProbe } from '../shape/progress-probe';
import type { ToolArgs, ToolSpec } from '../shape/tool-spec';

/** The neutral shape as a zod object, the way an AI SDK user writes `inputSchema`. */
export function aiParameters(spec: ToolSpec) {
  return z.object({
    query: z.string().describe(spec.query.description),
    limit: z.number().int().min(spec.limit.minimum).max(spec.limit.maximum).describe(spec.limit.description),
    mode: z.enum(spec.mode.values).describe(spec.mode.description),
    tags: z.array(z.string()).optional().describe(spec.tags.description),
  });
}

function usage(): LanguageModelV3Usage {
  return {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
}

function callContent(calls: ScriptedCall[]): LanguageModelV3Content[] {
  return calls.map((c) => ({ type: 'tool-call', toolCallId: c.callId, toolName: c.name, input: c.arguments }));
}

/**
 * An in-process language model implementing the provider specification (v3) the SDK drives:
 * `doGenerate` replays the script's turn, `doStream` streams the same turn as parts.
 */
class ScriptedLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'bench';
  readonly modelId = 'scripted';
  readonly supportedUrls = {};
  private turn = 0;

  constructor(
    private readonly script: Script,
    private readonly clock?: ModelClock,
  ) {}

  async doGenerate(_options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    this.clock?.requestArrived();
    const calls = this.script.turns[this.turn++];
    const result: LanguageModelV3GenerateResult = calls
      ? { content: callContent(calls), finishReason: { unified: 'tool-calls', raw: undefined }, usage: usage(), warnings: [] }
      : { content: [{ type: 'text', text: FINAL_TEXT }], finishReason: { unified: 'stop', raw: undefined }, usage: usage(), warnings: [] };
    this.clock?.responseSent();
    return result;
  }

  async doStream(_options: LanguageModelV3CallOptions) {
    const calls = this.script.turns[this.turn++];
    const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (calls) {
      for (const c of calls) parts.push({ type: 'tool-call', toolCallId: c.callId, toolName: c.name, input: c.arguments });
      parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: usage() });
    } else {
      parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: FINAL_TEXT }, { type: 'text-end', id: 't' });
      parts.push({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: usage() });
    }
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        for (const p of parts) controller.enqueue(p);
        controller.close();
      },
    });
    return { stream };
  }
}

function buildTools(specs: ToolSpec[], execute: Execute): ToolSet {
  const tools: ToolSet = {};
  for (const spec of specs) {
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: aiParameters(spec),
      execute: (args) => execute(args as ToolArgs, spec.name),
    });
  }
  return tools;
}

async function runAi(tools: ToolSet, script: Script, clock?: ModelClock): Promise<RunOutcome> {
  const result = await generateText({
    model: new ScriptedLanguageModel(script, clock),
    system: 'Use the tools.',
    prompt: 'go',
    tools,
    stopWhen: stepCountIs(script.turns.length + 1),
  });
  let toolOutputs = 0;
  for (const step of result.steps) toolOutputs += step.toolResults.length;
  return { finalOutput: result.text, toolOutputs };
}

export const aiAdapter: Adapter<ToolSet> = {
  id: 'ai',
  label: 'ai (Vercel AI SDK)',
  syncValidation: false,

  buildTools,

  run: runAi,

  validator(spec: ToolSpec) {
    // What the SDK does per tool call after parsing the JSON: asSchema(tool.inputSchema) and
    // safeValidateTypes against it.
    const inputSchema = aiParameters(spec);
    return async (value) => (await safeValidateTypes({ value, schema: asSchema(inputSchema) })).success;
  },

  jsonValidator(spec: ToolSpec) {
    // doParseToolCall: safeParseJSON({ text: toolCall.input, schema: asSchema(tool.inputSchema) }).
    const inputSchema = aiParameters(spec);
    return async (raw) => (await safeParseJSON({ text: raw, schema: asSchema(inputSchema) })).success;
  },

  catalogue(specs: ToolSpec[], execute: Execute): CatalogueCase {
    const tools = buildTools(specs, execute);
    return {
      method: 'every tool offered each step; direct call (the SDK has no tool search; activeTools could narrow the list but needs the caller to choose)',
      run: (queries, clock) =>
        runAi(
          tools,
          directCatalogueScript(queries),
          clock,
        ),
    };
  },

  async streamProgress(updates: number): Promise<number[]> {
    // An async-generator `execute` yields preliminary results, which the stream delivers as
    // `tool-result` parts with `preliminary: true`; the last yield is the final result.
    const probe = new ProgressProbe();
    const tools: ToolSet = {
      progress: tool({
        description: 'Reports progress.',
        inputSchema: z.object({ steps: z.number().int() }),
        async *execute({ steps }) {
          for (let seq = 0; seq < steps; seq++) {
            const acked = probe.send(seq);
            yield { seq, done: false };
            await acked;
          }
          yield { seq: steps, done: true };
        },
      }),
    };
    const script: Script = {
      turns: [[{ callId: 'p1', name: 'progress', arguments: JSON.stringify({ steps: updates }) }]],
    };
    const result = streamText({
      model: new ScriptedLanguageModel(script),
      prompt: 'go',
      tools,
      stopWhen: stepCountIs(2),
    });
    for await (const part of result.fullStream) {
      if (part.type === 'tool-result' && part.preliminary) {
        const output = part.output as { seq: number; done: boolean };
        if (!output.done) probe.received(output.seq);
      }
      if (part.type === 'error') throw part.error;
    }
    if (probe.latencies.length !== updates) {
      throw new Error(`ai: received ${probe.latencies.length} of ${updates} progress updates.`);
    }
    return probe.latencies;
  },

  async defineFromSchemas(definitions: SchemaDefinition[], execute: Execute): Promise<ModelFacingTool[]> {
    // tool({ inputSchema: jsonSchema(...) }), then the form generateText sends.
    const tools = definitions.map((d) => ({
      name: d.name,
      tool: tool({ description: d.description, inputSchema: jsonSchema<ToolArgs>(d.parameters as never), execute: (args: ToolArgs) => execute(args, d.name) }),
    }));
    const out: ModelFacingTool[] = [];
    for (const { name, tool: t } of tools) {
      out.push({ name, description: t.description ?? '', parameters: (await asSchema(t.inputSchema).jsonSchema) as Record<string, unknown> });
    }
    return out;
  },

  async defineFromGenerated(modulePath: string): Promise<ModelFacingTool[]> {
    const mod = require(modulePath) as { tools: ToolSet };
    // The form generateText sends (prepareToolsAndToolChoice): the JSON schema of inputSchema.
    const out: ModelFacingTool[] = [];
    for (const [name, t] of Object.entries(mod.tools)) {
      const parameters = (await asSchema(t.inputSchema).jsonSchema) as Record<string, unknown>;
      out.push({ name, description: t.description ?? '', parameters });
    }
    return out;
  },
};

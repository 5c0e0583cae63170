import { ToolInterruption } from '../approvals/tool-interruption';
import { agentNameSlug } from '../handoffs/handoff';
import { UserError } from '../errors/user.error';
import { toToolResult } from '../result/tool-result';
import type { RunResult } from '../contracts/run-result';
import { runHostOf } from '../contracts/run-host';
import { defineTool } from '../tool/define-tool';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool, ToolFields } from '../contracts/tool';
// The class by its contract reference (completed by agent.ts): agent.ts imports this file.
import type { AgentRef as Agent } from '../contracts/class-refs';

/** Options of `agent.asTool(...)`; any runner-side tool field (`needsApproval`, `timeoutMs`, ...) too. */
export type AgentAsToolOptions<TContext = any> = {
  /** The tool's name; default the agent's name in snake_case. */
  name?: string;
  /** What the model is told the tool does; default the agent's `handoffDescription` or a generic line. */
  description?: string;
  /**
   * The tool's parameters (a JSON schema, strict by default). Default: one `input` string. With
   * custom parameters the nested agent receives the arguments as JSON text.
   */
  parameters?: JsonSchema;
  /** Turns the nested run's result into the call's output; default its final output. */
  outputExtractor?: (result: RunResult<unknown, TContext>) => unknown | Promise<unknown>;
  /** Most model calls of the nested run (default the runner's `maxTurns`). */
  maxTurns?: number;
  /** Default true. */
  strict?: boolean;
} & Partial<ToolFields<TContext>>;

/** A tool that runs an agent; `agent` lets a saved run state find the nested agent again. */
export type AgentTool<TContext = any> = Tool<TContext> & { readonly agent: Agent<TContext> };

const DEFAULT_PARAMETERS: JsonSchema = {
  type: 'object',
  properties: { input: { type: 'string', description: 'The task or question for the agent, with everything it needs to know.' } },
  required: ['input'],
};

/**
 * Builds the tool behind `agent.asTool()`: its call runs `agent` as a nested run on the calling
 * run's runner (so the same default model, approval handler, guardrails and interceptors), with
 * the caller's context and signal but not its history. A streamed caller receives the nested
 * run's events as `tool_progress` of the call; the nested usage is reported in the result's
 * `usage`, which the caller adds to its own.
 *
 * When a call inside the nested run waits for approval, the tool throws `ToolInterruption` with
 * the nested state: the parent run pauses, its `RunState` carries the nested one, the nested
 * calls surface in the parent's `interruptions` (with `parentCallId`), and after the parent is
 * resumed the nested run continues where it stopped.
 */
export function agentAsTool<TContext>(agent: Agent<TContext>, options: AgentAsToolOptions<TContext> = {}): AgentTool<TContext> {
  const { name, description, parameters, outputExtractor, maxTurns, strict, ...fields } = options;
  if (outputExtractor !== undefined && typeof outputExtractor !== 'function') {
    throw new UserError(`agent.asTool() of agent "${agent.name}": outputExtractor must be a function (result) => output.`);
  }
  const toolName = name ?? agentNameSlug(agent.name).slice(0, 64);
  const customParameters = parameters !== undefined;
  const tool = defineTool<TContext>({
    name: toolName,
    description: description ?? agent.handoffDescription ?? `Ask the agent "${agent.name}" to do a task; it answers with its result.`,
    parameters: parameters ?? DEFAULT_PARAMETERS,
    strict: strict ?? true,
    source: `agent "${agent.name}" as a tool`,
    ...fields,
    invoke: async (ctx, args) => {
      const host = runHostOf(ctx);
      if (!host) {
        throw new UserError(`The tool "${toolName}" runs agent "${agent.name}" and must be called by a Runner (it was invoked directly).`);
      }
      const input = customParameters || typeof args?.input !== 'string' ? JSON.stringify(args ?? {}) : (args.input as string);
      const result = await host.runNested(agent, input, maxTurns === undefined ? {} : { maxTurns });
      if (result.status === 'interrupted') throw new ToolInterruption(result.state);
      const output = outputExtractor ? await outputExtractor(result) : result.finalOutput;
      return toToolResult(output)
        .withUsage({ ...result.usage })
        .withDetails({ agent: agent.name, turns: result.turns });
    },
  });
  return Object.assign(tool, { agent });
}

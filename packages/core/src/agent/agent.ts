import type { ModelSettings, Model } from '../contracts/model';
import type { FailureErrorFunction, RunContext } from '../contracts/tool';
import { UserError } from '../errors/user.error';
import type { ToolEntry } from '../contracts/tool-entry';
import type { Handoff } from '../handoffs/handoff';
import { agentAsTool, type AgentAsToolOptions, type AgentTool } from './agent-as-tool';
import type { ToolUseBehavior } from '../contracts/tool-use-behavior';
import type { AgentHooks } from '../contracts/run-hooks';
import type { InputGuardrail, OutputGuardrail } from '../guardrails/agent-guardrail';
import { brand } from '../util/brand';
import { checkOutputType, type OutputType } from '../output/output-type';

export type { ToolEntry };

/** The instructions of an agent: fixed text, or computed per run from the run context. */
export type Instructions<TContext> = string | ((ctx: RunContext<TContext>, agent: Agent<TContext>) => string | Promise<string>);

/** How an agent is configured. */
export interface AgentConfig<TContext = unknown, TOutput = unknown> {
  /** The agent's name: unique among the agents of a run (run states refer to agents by it). */
  name: string;
  /** The system prompt, fixed or computed per run. */
  instructions?: Instructions<TContext>;
  /** The tools offered to the model: decorated instances, `Tool`s, `Toolset`s, arrays of these. */
  tools?: ToolEntry[];
  /** Agents this one may hand the conversation to, each offered as a `transfer_to_<name>` tool. */
  handoffs?: Array<Agent<any> | Handoff<any>>;
  /** One line on what this agent does, added to the default description of handoffs to it. */
  handoffDescription?: string;
  /** The model for this agent's turns; the `Runner`'s model when omitted. */
  model?: Model;
  /** Settings sent with each of this agent's model requests (temperature, toolChoice, ...). */
  modelSettings?: ModelSettings;
  /** What happens after tool calls: ask the model again (default), or stop with a tool's output. */
  toolUseBehavior?: ToolUseBehavior<TContext>;
  /**
   * Whether a forced `modelSettings.toolChoice` (`'required'` or a tool name) is dropped once the
   * agent has called a tool in the run, so the model can give its answer (default true).
   */
  resetToolChoice?: boolean;
  /** Lifecycle hooks for this agent's turns and calls (after the runner's own). */
  hooks?: AgentHooks<TContext>;
  /** Checks on the run's input, when this agent starts the run (before the first model call). */
  inputGuardrails?: InputGuardrail<TContext>[];
  /** Checks on the final output, when this agent produces it. */
  outputGuardrails?: OutputGuardrail<TContext>[];
  /**
   * The text the model gets when one of this agent's tools throws, for tools that set no
   * `failureError` of their own (they win; this wins over the Runner's). `null` ends the run
   * with `ToolCallError` instead.
   */
  failureError?: FailureErrorFunction | null;
  /**
   * What the agent answers with: a DTO class (its strict schema comes from the build, the answer
   * is validated and becomes an instance: `result.finalOutput` is a `TripPlan`), a JSON schema
   * (`{ name, schema, strict? }`, the answer is the parsed object), or `'text'` (the default: the
   * last message's text).
   */
  outputType?: OutputType<TOutput>;
  /**
   * How many times an answer that does not match `outputType` is sent back to the model with what
   * is wrong before the run fails with `OutputValidationError` (default 1).
   */
  outputRetries?: number;
  /**
   * The schema of a class `outputType`, as the JSON text the `@toolwright/scanner` transformer
   * writes beside it. Not written by hand.
   */
  outputTypeSchema?: string;
}

/**
 * An agent: a name, instructions, tools and model settings. Immutable once built; `clone()`
 * makes a variant.
 *
 * @example
 * const agent = new Agent({ name: 'assistant', instructions: 'Be brief.', tools: [new WeatherTools()] });
 */
export class Agent<TContext = unknown, TOutput = unknown> {
  static {
    brand(this, 'Agent');
  }

  /** See {@link AgentConfig.name}. */
  readonly name: string;
  /** See {@link AgentConfig.instructions}; {@link Agent.resolveInstructions} evaluates the function form. */
  readonly instructions?: Instructions<TContext>;
  /** See {@link AgentConfig.tools} (`[]` when none were given). */
  readonly tools: ToolEntry[];
  /** See {@link AgentConfig.handoffs} (`[]` when none were given). */
  readonly handoffs: Array<Agent<any> | Handoff<any>>;
  /** See {@link AgentConfig.handoffDescription}. */
  readonly handoffDescription?: string;
  /** See {@link AgentConfig.model}. */
  readonly model?: Model;
  /** See {@link AgentConfig.modelSettings} (`{}` when none were given). */
  readonly modelSettings: ModelSettings;
  /** See {@link AgentConfig.toolUseBehavior} (`'run_llm_again'` by default). */
  readonly toolUseBehavior: ToolUseBehavior<TContext>;
  /** See {@link AgentConfig.resetToolChoice} (`true` by default). */
  readonly resetToolChoice: boolean;
  /** See {@link AgentConfig.hooks}. */
  readonly hooks?: AgentHooks<TContext>;
  /** See {@link AgentConfig.inputGuardrails} (`[]` when none were given). */
  readonly inputGuardrails: InputGuardrail<TContext>[];
  /** See {@link AgentConfig.outputGuardrails} (`[]` when none were given). */
  readonly outputGuardrails: OutputGuardrail<TContext>[];
  /** See {@link AgentConfig.failureError}. */
  readonly failureError?: FailureErrorFunction | null;
  /** See {@link AgentConfig.outputType} (`'text'` by default). */
  readonly outputType: OutputType<TOutput>;
  /** See {@link AgentConfig.outputRetries} (1 by default). */
  readonly outputRetries: number;

  constructor(config: AgentConfig<TContext, TOutput>) {
    if (!config || typeof config.name !== 'string' || config.name.trim() === '') {
      throw new TypeError('Agent needs a non-empty `name`, e.g. new Agent({ name: "assistant" }).');
    }
    this.name = config.name;
    this.instructions = config.instructions;
    this.tools = config.tools ?? [];
    this.handoffs = config.handoffs ?? [];
    if (config.handoffDescription !== undefined) this.handoffDescription = config.handoffDescription;
    this.model = config.model;
    this.modelSettings = config.modelSettings ?? {};
    this.toolUseBehavior = config.toolUseBehavior ?? 'run_llm_again';
    this.resetToolChoice = config.resetToolChoice ?? true;
    if (config.hooks !== undefined) this.hooks = config.hooks;
    this.inputGuardrails = checkGuardrails(config.name, 'inputGuardrails', 'agent_input', config.inputGuardrails);
    this.outputGuardrails = checkGuardrails(config.name, 'outputGuardrails', 'agent_output', config.outputGuardrails);
    if (config.failureError !== undefined) {
      if (config.failureError !== null && typeof config.failureError !== 'function') {
        throw new UserError(`Agent "${config.name}": failureError must be a function (error, ctx) => text for the model, or null to end the run on tool errors.`);
      }
      this.failureError = config.failureError;
    }
    checkOutputType(config.name, config.outputType, config.outputTypeSchema);
    this.outputType = config.outputType ?? 'text';
    const retries = config.outputRetries ?? 1;
    if (!Number.isInteger(retries) || retries < 0 || retries > 100) {
      throw new UserError(`Agent "${config.name}": outputRetries must be a whole number from 0 to 100 (got ${String(config.outputRetries)}).`);
    }
    this.outputRetries = retries;
  }

  /** A copy of this agent with some fields replaced. */
  clone<TNewOutput = TOutput>(overrides: Partial<AgentConfig<TContext, TNewOutput>>): Agent<TContext, TNewOutput> {
    return new Agent<TContext, TNewOutput>({
      name: this.name,
      instructions: this.instructions,
      tools: this.tools,
      handoffs: this.handoffs,
      handoffDescription: this.handoffDescription,
      model: this.model,
      modelSettings: this.modelSettings,
      toolUseBehavior: this.toolUseBehavior,
      resetToolChoice: this.resetToolChoice,
      hooks: this.hooks,
      inputGuardrails: this.inputGuardrails,
      outputGuardrails: this.outputGuardrails,
      failureError: this.failureError,
      outputType: this.outputType as OutputType<TNewOutput>,
      outputRetries: this.outputRetries,
      ...overrides,
    });
  }

  /**
   * This agent as a tool another agent can call: the call runs this agent as a nested run on the
   * same runner (not on the caller's history) and answers with its final output.
   *
   * @example
   * const researcher = new Agent({ name: 'researcher', instructions: 'Find facts.', tools: [search] });
   * const writer = new Agent({ name: 'writer', tools: [researcher.asTool({ description: 'Research a topic.' })] });
   */
  asTool(options: AgentAsToolOptions<TContext> = {}): AgentTool<TContext> {
    return agentAsTool(this, options);
  }

  /** The agent's instructions for this run, with a function form evaluated. */
  async resolveInstructions(ctx: RunContext<TContext>): Promise<string | undefined> {
    if (typeof this.instructions === 'function') return this.instructions(ctx, this);
    return this.instructions;
  }
}

const NO_GUARDRAILS: readonly never[] = Object.freeze([]);

function checkGuardrails<T extends { kind: string }>(agent: string, field: string, kind: T['kind'], list: T[] | undefined): T[] {
  if (list === undefined || list.length === 0) return NO_GUARDRAILS as unknown as T[];
  if (!Array.isArray(list) || list.some((g) => g?.kind !== kind)) {
    const define = kind === 'agent_input' ? 'defineInputGuardrail' : 'defineOutputGuardrail';
    throw new TypeError(`Agent "${agent}": ${field} must be a list of guardrails built with ${define}({ name, check }).`);
  }
  return [...list];
}

// Completes `AgentRef` (contracts/class-refs.ts): contracts that name an agent mean this class.
declare module '../contracts/class-refs' {
  interface AgentRef<TContext> extends Agent<TContext, any> {
    readonly name: string;
  }
}

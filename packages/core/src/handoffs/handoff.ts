import type { AgentRef as Agent } from '../contracts/class-refs';
import { UserError } from '../errors/user.error';
import type { Item } from '../items/item';
import type { JsonSchema } from '../contracts/json-schema';
import type { RunContext } from '../contracts/tool';
import type { ToolOptions } from '../contracts/tool-options';
import { assertValidToolName, toSnakeCase } from '../tool/tool-name';
import { brand } from '../util/brand';

/** Options of {@link handoff}. */
export interface HandoffOptions<TContext = any> {
  /** The tool's name; default `transfer_to_<agent name in snake_case>`. */
  toolName?: string;
  /** What the model is told the tool does; default names the agent and its `handoffDescription`. */
  description?: string;
  /** Rewrites the history the target agent continues with (e.g. to drop tool calls). */
  inputFilter?: (items: Item[]) => Item[];
  /** Consulted every turn, like a tool's `isEnabled`: a disabled handoff is not offered. */
  isEnabled?: ToolOptions<TContext>['isEnabled'];
  /**
   * A JSON schema for an input the model passes along with the handoff (strict by default), e.g.
   * `{ type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] }`. The
   * input must be a JSON object (`""` and `null` read as `{}`); input that does not match fails
   * the run (`ToolArgumentsError`) instead of being fed back. Without a schema nothing is checked.
   */
  inputSchema?: JsonSchema;
  /** Default true: the input schema is rewritten into the strict subset. */
  strict?: boolean;
  /** Called with the validated input when the handoff happens (before the target's first turn). */
  onHandoff?: (ctx: RunContext<TContext>, input: any) => void | Promise<void>;
}

/**
 * A way for one agent to hand the conversation to another: offered to the model as a
 * `transfer_to_<name>` tool. Build it with {@link handoff}; a bare `Agent` in `handoffs` is the
 * same as `handoff(agent)`.
 */
export class Handoff<TContext = any> {
  static {
    brand(this, 'Handoff');
  }

  /** The agent that takes over. */
  readonly agent: Agent<TContext>;
  /** The name of the tool the model calls to hand over (`transfer_to_<agent name>` by default). */
  readonly toolName: string;
  /** The description of that tool. */
  readonly toolDescription: string;
  /** Picks the history items the new agent sees; all of them when unset. */
  readonly inputFilter?: (items: Item[]) => Item[];
  /** Whether the handoff is offered on a turn; always when unset. */
  readonly isEnabled?: ToolOptions<TContext>['isEnabled'];
  /** See {@link HandoffOptions.inputSchema}. */
  readonly inputSchema?: JsonSchema;
  /** See {@link HandoffOptions.strict} (true by default). */
  readonly strict: boolean;
  /** See {@link HandoffOptions.onHandoff}. */
  readonly onHandoff?: (ctx: RunContext<TContext>, input: any) => void | Promise<void>;

  /** @internal Use {@link handoff}. */
  constructor(agent: Agent<TContext>, options: HandoffOptions<TContext> = {}) {
    if (!agent || typeof agent.name !== 'string') {
      throw new UserError('handoff(agent) needs an Agent to hand over to, e.g. handoff(new Agent({ name: "billing" })).');
    }
    if (options.inputFilter !== undefined && typeof options.inputFilter !== 'function') {
      throw new UserError(`handoff to agent "${agent.name}": inputFilter must be a function (items) => items.`);
    }
    if (options.isEnabled !== undefined && typeof options.isEnabled !== 'function') {
      throw new UserError(`handoff to agent "${agent.name}": isEnabled must be a function (ctx, agent) => boolean.`);
    }
    this.agent = agent;
    this.toolName = options.toolName ?? defaultHandoffToolName(agent.name);
    assertValidToolName(this.toolName);
    this.toolDescription = options.description ?? defaultDescription(agent);
    if (options.inputFilter) this.inputFilter = options.inputFilter;
    if (options.isEnabled) this.isEnabled = options.isEnabled;
    if (options.inputSchema !== undefined && (typeof options.inputSchema !== 'object' || options.inputSchema === null || Array.isArray(options.inputSchema))) {
      throw new UserError(`handoff to agent "${agent.name}": inputSchema must be a JSON schema object, e.g. { type: 'object', properties: { reason: { type: 'string' } } }.`);
    }
    if (options.onHandoff !== undefined && typeof options.onHandoff !== 'function') {
      throw new UserError(`handoff to agent "${agent.name}": onHandoff must be a function (ctx, input) => void.`);
    }
    if (options.inputSchema) this.inputSchema = options.inputSchema;
    this.strict = options.strict ?? true;
    if (options.onHandoff) this.onHandoff = options.onHandoff;
  }
}

/**
 * A handoff to `agent`: the model sees a `transfer_to_<name>` tool; when it calls it, the next
 * turn runs `agent` (its instructions, tools and settings) on the conversation so far.
 *
 * @example
 * const billing = new Agent({ name: 'Billing', instructions: 'Answer billing questions.' });
 * const triage = new Agent({
 *   name: 'Triage',
 *   handoffs: [handoff(billing, { inputFilter: (items) => items.filter((i) => i.type === 'message') })],
 * });
 */
export function handoff<TContext = any>(agent: Agent<TContext>, options: HandoffOptions<TContext> = {}): Handoff<TContext> {
  return new Handoff(agent, options);
}

/** `Billing Agent` → `transfer_to_billing_agent` (characters a tool name cannot hold become `_`). */
export function defaultHandoffToolName(agentName: string): string {
  return `transfer_to_${agentNameSlug(agentName)}`.slice(0, 64);
}

/** `Billing Agent` → `billing_agent`: an agent's name as tool-name characters (`agent` when none are left). @internal */
export function agentNameSlug(agentName: string): string {
  const words = toSnakeCase(agentName.trim())
    .replace(/[^a-z0-9_-]+/gi, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return words || 'agent';
}

function defaultDescription(agent: Agent<any>): string {
  const about = agent.handoffDescription ? ` ${agent.handoffDescription}` : '';
  return `Hand the conversation over to the agent "${agent.name}".${about}`;
}

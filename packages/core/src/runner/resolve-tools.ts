import { Agent, type ToolEntry } from '../agent/agent';
import { UserError } from '../errors/user.error';
import type { ModelToolDefinition } from '../model/model';
import type { Tool } from '../tool/tool';
import { isToolkitInstance, toolsOf } from '../toolkit/tools-of';
import { isToolset, type Toolset } from '../toolsets/toolset';
import { acquireToolset } from '../toolsets/toolset-lifecycle';
import { Handoff } from '../handoffs/handoff';
import { buildHandoffTool } from '../handoffs/handoff-tool';
import type { RunEnvironment } from './run-environment';
import { isThenable } from './invoke-tool';
import { advertisedParameters } from '../duplicates/confirm-parameter';

/** The tools offered in one turn. @internal */
export interface TurnTools {
  /** Offered tools by name; a call to any other name is answered as unknown. */
  byName: Map<string, Tool>;
  /** What the model is shown, in offering order. */
  definitions: ModelToolDefinition[];
  /** Names of every deferred tool the agent has (offered or not), for `addedTools`. */
  deferredNames: Set<string>;
  /** The toolsets asked this turn (some hold deferred tools they do not list, see `hasDeferredTool`). */
  toolsets: Toolset[];
}

/** Whether `name` is a deferred tool of this turn's agent, listed or held back by a toolset. */
export function isDeferredToolName(tools: TurnTools, name: string): boolean {
  if (tools.deferredNames.has(name)) return true;
  return tools.toolsets.some((toolset) => toolset.hasDeferredTool?.(name) === true);
}

/** Whether `value` is a `Tool` object (a function tool with `invoke`). */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Tool>;
  return v.type === 'function' && typeof v.name === 'string' && typeof v.invoke === 'function';
}

/**
 * Flattens an agent's `tools` into tools and toolsets: arrays are flattened, decorated
 * instances become their tools. Done once per agent per run.
 */
export function flattenToolEntries(agent: Agent<any>, entries: readonly ToolEntry[]): Array<Tool | Toolset> {
  const out: Array<Tool | Toolset> = [];
  const visit = (entry: ToolEntry, path: string): void => {
    if (Array.isArray(entry)) {
      entry.forEach((child, i) => visit(child, `${path}[${i}]`));
    } else if (isTool(entry) || isToolset(entry)) {
      out.push(entry);
    } else if (isToolkitInstance(entry)) {
      out.push(...toolsOf(entry));
    } else {
      throw new UserError(
        `Agent "${agent.name}": tools${path} is not a tool (${describe(entry)}). ` +
          'Pass an instance of a class with @Tool methods, a Tool from defineTool(...), a Toolset, or an array of these.',
      );
    }
  };
  entries.forEach((entry, i) => visit(entry, `[${i}]`));
  return out;
}

/**
 * The handoff tools of an agent, built once per agent per run: each entry of `handoffs` (an
 * `Agent` or a `Handoff`) becomes a `transfer_to_<name>` tool.
 */
export function buildHandoffTools(agent: Agent<any>): Tool[] {
  return agent.handoffs.map((entry, i) => {
    if (entry instanceof Handoff) return buildHandoffTool(entry);
    if (entry instanceof Agent) return buildHandoffTool(new Handoff(entry));
    throw new UserError(
      `Agent "${agent.name}": handoffs[${i}] is ${describe(entry)}, not an Agent or a Handoff. ` +
        'List agents (handoffs: [billingAgent]) or handoff(agent, { ... }) results.',
    );
  });
}

/**
 * The tools offered this turn: toolsets are asked for their tools, deferred tools stay hidden
 * until disclosed, and `isEnabled` is consulted. Two tools with one name fail with `UserError`.
 * Synchronous (no promise) when the entries' tools were cached by an earlier turn.
 */
export function resolveTurnTools(env: RunEnvironment, agent: Agent<any>, entries: ReadonlyArray<Tool | Toolset>): TurnTools | Promise<TurnTools> {
  const cached = staticTurns.get(entries);
  if (cached) return cached;
  return resolveAndCache(env, agent, entries);
}

async function resolveAndCache(env: RunEnvironment, agent: Agent<any>, entries: ReadonlyArray<Tool | Toolset>): Promise<TurnTools> {
  const turn = await resolveEntries(env, agent, entries);
  if (entries.every(isStaticTool)) staticTurns.set(entries, turn);
  return turn;
}

// The entries of one agent in one run (`AgentRunInfo.entries`) → their turn tools, when every
// entry is a plain tool that is neither deferred nor gated by `isEnabled`: those resolve the same
// every turn, and rebuilding them was a large share of a one-call turn. Toolsets, `isEnabled` and
// deferred tools are resolved every turn.
const staticTurns = new WeakMap<ReadonlyArray<Tool | Toolset>, TurnTools>();

function isStaticTool(entry: Tool | Toolset): boolean {
  return isTool(entry) && entry.isEnabled === undefined && !entry.deferred;
}

async function resolveEntries(env: RunEnvironment, agent: Agent<any>, entries: ReadonlyArray<Tool | Toolset>): Promise<TurnTools> {
  const turn: TurnTools = { byName: new Map(), definitions: [], deferredNames: new Set(), toolsets: [] };
  const sources = new Map<string, string>();
  for (const entry of entries) {
    if (isTool(entry)) {
      const pending = offer(env, agent, turn, sources, entry, undefined);
      if (pending) await pending;
    } else {
      await setUpToolset(env, entry);
      turn.toolsets.push(entry);
      const tools = await entry.tools(env.runContext);
      if (!Array.isArray(tools)) {
        throw new UserError(`Toolset "${entry.name}" returned ${describe(tools)} from tools(ctx); it must return an array of Tool objects.`);
      }
      for (const tool of tools) {
        if (!isTool(tool)) {
          throw new UserError(
            `Toolset "${entry.name}" returned ${describe(tool)} among its tools; tools(ctx) must return Tool objects (defineTool(...), toolsOf(instance)).`,
          );
        }
        const pending = offer(env, agent, turn, sources, tool, entry.name);
        if (pending) await pending;
      }
    }
  }
  return turn;
}

/**
 * Offers one tool this turn. Synchronous unless the tool's `isEnabled` returns a promise: an
 * `await` per tool per turn was a large share of a one-call turn's cost.
 */
function offer(
  env: RunEnvironment,
  agent: Agent<any>,
  turn: TurnTools,
  sources: Map<string, string>,
  tool: Tool,
  toolsetName: string | undefined,
): Promise<void> | undefined {
  const source = toolsetName ? `toolset "${toolsetName}"` : (tool.source ?? 'a tool object');
  const earlier = sources.get(tool.name);
  if (earlier !== undefined) {
    throw new UserError(
      `Agent "${agent.name}" has two tools named "${tool.name}": one from ${earlier}, one from ${source}. ` +
        'Tool names must be unique per agent: rename one (@Tool({ name }), a toolkit prefix) or remove it.',
    );
  }
  sources.set(tool.name, source);
  if (tool.deferred) {
    turn.deferredNames.add(tool.name);
    if (!env.state.disclosedTools.has(tool.name)) return;
  }
  if (tool.isEnabled) {
    const enabled = tool.isEnabled(env.runContext, agent);
    if (isThenable(enabled)) {
      return Promise.resolve(enabled).then((yes) => {
        if (yes) addOffered(turn, tool);
      });
    }
    if (!enabled) return undefined;
  }
  addOffered(turn, tool);
  return undefined;
}

function addOffered(turn: TurnTools, tool: Tool): void {
  turn.byName.set(tool.name, tool);
  turn.definitions.push(definitionOf(tool));
}

async function setUpToolset(env: RunEnvironment, toolset: Toolset): Promise<void> {
  if (env.openToolsets.has(toolset)) return;
  await acquireToolset(toolset);
  env.openToolsets.add(toolset);
}

const definitions = new WeakMap<Tool, ModelToolDefinition>();

/** The model-facing definition of a tool, built once per tool object. */
export function definitionOf(tool: Tool): ModelToolDefinition {
  let definition = definitions.get(tool);
  // A `duplicates: 'confirm'` tool is advertised with an extra `confirm_duplicate` flag.
  const parameters = advertisedParameters(tool);
  if (!definition || definition.name !== tool.name || definition.parameters !== parameters) {
    definition = { name: tool.name, description: tool.description, parameters, strict: tool.strict };
    if (tool.native) definition.native = tool.native;
    definitions.set(tool, definition);
  }
  return definition;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = (value as object).constructor?.name;
  return name && name !== 'Object'
    ? `an instance of ${name} with no @Tool methods — decorate its methods with @Tool`
    : 'a plain object that is neither a Tool nor a Toolset';
}

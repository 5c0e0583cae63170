import type { Agent } from '../agent/agent';
import { isTool } from '../contracts/is-tool';
import type { ModelToolDefinition } from '../contracts/model';
import type { Tool } from '../contracts/tool';
import type { Toolset } from '../contracts/toolset';
import { UserError } from '../errors/user.error';
import { describeEntry } from '../toolsets/tool-entries';
import { acquireToolset } from '../toolsets/toolset-lifecycle';
import type { RunEnvironment } from './run-environment';
import { isThenable } from '../util/is-thenable';
import { definitionOf } from './tool-definition';

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
        throw new UserError(`Toolset "${entry.name}" returned ${describeEntry(tools)} from tools(ctx); it must return an array of Tool objects.`);
      }
      for (const tool of tools) {
        if (!isTool(tool)) {
          throw new UserError(
            `Toolset "${entry.name}" returned ${describeEntry(tool)} among its tools; tools(ctx) must return Tool objects (defineTool(...), toolsOf(instance)).`,
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
  // A built-in-only tool (OpenAI's shell) reaches only models that map built-ins.
  if (tool.native?.form === 'native' && (agent.model ?? env.defaultModel)?.nativeTools !== true) return undefined;
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

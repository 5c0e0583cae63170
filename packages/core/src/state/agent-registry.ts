import { Agent } from '../agent/agent';
import { errorMessage } from '../errors/error-message';
import { RunStateError } from '../errors/run-state.error';
import type { Tool } from '../contracts/tool';
import { isToolset } from '../contracts/toolset';
import { isTool } from '../contracts/is-tool';
import { flattenToolEntries } from '../toolsets/tool-entries';

/**
 * The agents a serialised state may name, by name: those given, and every agent reachable from
 * them through handoffs (`agent.handoffs`, as agents or `{ agent }` objects) and through tools
 * that run an agent (a tool carrying an `agent` field). @internal
 */
export function agentRegistry(agents: Agent<any> | ReadonlyArray<Agent<any>>): Map<string, Agent<any>> {
  const roots = agents instanceof Agent ? [agents] : Array.isArray(agents) ? agents : undefined;
  if (!roots || roots.length === 0 || roots.some((a) => !(a instanceof Agent))) {
    throw new RunStateError('RunState.fromString(agents, json) needs the agent (or an array of the agents) the state was made with.');
  }
  const byName = new Map<string, Agent<any>>();
  const queue: Agent<any>[] = [...roots];
  while (queue.length > 0) {
    const agent = queue.shift()!;
    const known = byName.get(agent.name);
    if (known === agent) continue;
    if (known) {
      throw new RunStateError(`Two different agents are named "${agent.name}"; a run state refers to agents by name, so names must be unique.`);
    }
    byName.set(agent.name, agent);
    for (const next of reachableAgents(agent)) queue.push(next);
  }
  return byName;
}

function reachableAgents(agent: Agent<any>): Agent<any>[] {
  const out: Agent<any>[] = [];
  const handoffs = (agent as { handoffs?: unknown }).handoffs;
  if (Array.isArray(handoffs)) {
    for (const h of handoffs) {
      if (h instanceof Agent) out.push(h);
      else if (typeof h === 'object' && h !== null && (h as { agent?: unknown }).agent instanceof Agent) out.push((h as { agent: Agent<any> }).agent);
    }
  }
  for (const entry of staticEntries(agent)) {
    if (isTool(entry) && (entry as { agent?: unknown }).agent instanceof Agent) out.push((entry as unknown as { agent: Agent<any> }).agent);
  }
  return out;
}

/** The agent's tools known without running anything, and whether it also has toolsets. @internal */
export function staticTools(agent: Agent<any>): { tools: Map<string, Tool>; hasToolsets: boolean } {
  const tools = new Map<string, Tool>();
  let hasToolsets = false;
  for (const entry of staticEntries(agent)) {
    if (isToolset(entry)) hasToolsets = true;
    else if (isTool(entry)) tools.set(entry.name, entry);
  }
  return { tools, hasToolsets };
}

function staticEntries(agent: Agent<any>): Array<Tool | object> {
  try {
    return flattenToolEntries(agent.name, agent.tools);
  } catch (error) {
    throw new RunStateError(`Agent "${agent.name}" has invalid tools, so the run state cannot be checked against them: ${errorMessage(error)}`);
  }
}

import type { Agent, Tool } from '@toolwright/core';
import { staticTools } from '@toolwright/core/internal';

/** The agent named `name` among `agents` or reachable from them through handoffs. */
export function findAgent(agents: readonly Agent<any>[], name: string | undefined): Agent<any> | undefined {
  if (name === undefined) return undefined;
  const seen = new Set<Agent<any>>();
  const queue = [...agents];
  while (queue.length > 0) {
    const agent = queue.shift()!;
    if (seen.has(agent)) continue;
    seen.add(agent);
    if (agent.name === name) return agent;
    for (const h of agent.handoffs) {
      const next = (h as { agent?: Agent<any> }).agent ?? (h as Agent<any>);
      if (next && typeof (next as Agent<any>).name === 'string') queue.push(next as Agent<any>);
    }
  }
  return undefined;
}

/** The tool named `toolName` of `agent` (its static tools; toolsets' tools are not known ahead). */
export function findTool(agent: Agent<any> | undefined, toolName: string): Tool | undefined {
  if (!agent) return undefined;
  return staticTools(agent).tools.get(toolName);
}

import { Agent } from '../agent/agent';
import type { Tool } from '../contracts/tool';
import { UserError } from '../errors/user.error';
import { Handoff } from '../handoffs/handoff';
import { buildHandoffTool } from '../handoffs/handoff-tool';
import { describeEntry } from '../toolsets/tool-entries';

/**
 * The handoff tools of an agent, built once per agent per run: each entry of `handoffs` (an
 * `Agent` or a `Handoff`) becomes a `transfer_to_<name>` tool.
 */
export function buildHandoffTools(agent: Agent<any>): Tool[] {
  return agent.handoffs.map((entry, i) => {
    if (entry instanceof Handoff) return buildHandoffTool(entry);
    if (entry instanceof Agent) return buildHandoffTool(new Handoff(entry));
    throw new UserError(
      `Agent "${agent.name}": handoffs[${i}] is ${describeEntry(entry)}, not an Agent or a Handoff. ` +
        'List agents (handoffs: [billingAgent]) or handoff(agent, { ... }) results.',
    );
  });
}

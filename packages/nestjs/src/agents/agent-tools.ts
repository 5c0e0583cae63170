import { toolsOf, UserError, type ToolEntry } from '@toolwright/core';
import { isToolkitInstance } from '@toolwright/core/extend';
import { isTool } from '@toolwright/core/internal';
import type { ResolvedToolkit } from '../discovery/toolkit-registry';
import type { AgentToolEntry } from './agent-definition-options';

/** Where one of an agent's tools comes from, for messages. */
interface ToolOrigin {
  name: string;
  from: string;
}

/**
 * An agent's tool entries with toolkit classes resolved from the container, checked: two tools
 * of one agent may not share a name (the model could not tell them apart), which fails start-up
 * naming both sources. Toolsets are dynamic and checked per turn by the runner. @internal
 */
export async function resolveAgentTools(
  entries: readonly AgentToolEntry[],
  resolveToolkit: (token: Function) => Promise<ResolvedToolkit>,
  consumer: string,
): Promise<ToolEntry[]> {
  const tools: ToolEntry[] = [];
  const origins: ToolOrigin[] = [];
  const visit = async (list: readonly AgentToolEntry[]): Promise<void> => {
    for (const entry of list) {
      if (typeof entry === 'function') {
        const resolved = await resolveToolkit(entry);
        tools.push(...resolved.tools);
        const from = `${resolved.candidate.toolkitClass.name} (in ${resolved.candidate.moduleName})`;
        for (const tool of resolved.tools) origins.push({ name: tool.name, from });
      } else if (Array.isArray(entry)) {
        await visit(entry);
      } else {
        tools.push(entry);
        origins.push(...originsOf(entry));
      }
    }
  };
  await visit(entries);
  checkDuplicateNames(origins, consumer);
  return tools;
}

function originsOf(entry: ToolEntry): ToolOrigin[] {
  if (isTool(entry)) {
    return [{ name: entry.name, from: typeof entry.source === 'string' ? `the tool object of ${entry.source}` : 'a tool object' }];
  }
  if (isToolkitInstance(entry)) {
    const from = `an instance of ${(entry as object).constructor.name}`;
    return toolsOf(entry as object).map((t) => ({ name: t.name, from }));
  }
  return [];
}

function checkDuplicateNames(origins: readonly ToolOrigin[], consumer: string): void {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const { name, from } of origins) {
    const first = seen.get(name);
    if (first === undefined) seen.set(name, from);
    else clashes.push(`"${name}": one from ${first}, one from ${from}`);
  }
  if (clashes.length === 0) return;
  throw new UserError(
    `${consumer} has two tools of the same name: ${clashes.join('; ')}. The model could not tell them apart.\n` +
      "Fix: rename one (@Tool({ name: '...' })), give one toolkit a prefix (@Toolkit({ prefix: 'legacy_' })), or leave one toolkit out of the agent's tools.",
  );
}

import { isToolset, toolsOf, type Agent, type Tool } from '@toolwright/core';

/**
 * The static tools of an agent by name (decorated instances, tools, arrays of them; toolsets,
 * which yield tools per turn, are left out): where a background call's tool is found. @internal
 */
export function staticToolsOf(agent: Agent<any>): Map<string, Tool> {
  const out = new Map<string, Tool>();
  const visit = (entry: unknown, depth: number): void => {
    if (depth > 8 || entry === null || typeof entry !== 'object') return;
    if (Array.isArray(entry)) {
      for (const e of entry) visit(e, depth + 1);
      return;
    }
    if (isToolset(entry)) return;
    const t = entry as Partial<Tool>;
    if (t.type === 'function' && typeof t.name === 'string' && typeof t.invoke === 'function') {
      out.set(t.name, t as Tool);
      return;
    }
    for (const tool of toolsOf(entry)) out.set(tool.name, tool);
  };
  visit((agent as unknown as { tools?: unknown }).tools, 0);
  return out;
}

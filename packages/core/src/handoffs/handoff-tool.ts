import type { Tool } from '../contracts/tool';
import { defineTool } from '../tool/define-tool';
import type { Handoff } from './handoff';

/** What the runner knows about a handoff tool it built for one run. @internal */
export interface HandoffBinding {
  handoff: Handoff;
  /** Call ids whose transfer actually ran (not refused by a guardrail or an interceptor), with their input. */
  transferred: Map<string, unknown>;
}

const bindings = new WeakMap<Tool, HandoffBinding>();

/**
 * The tool the model calls to hand over: no parameters, or the handoff's `inputSchema`; its
 * output tells the model the conversation moved on. Built once per run, so what it records
 * belongs to that run. @internal
 */
export function buildHandoffTool(handoff: Handoff): Tool {
  const binding: HandoffBinding = { handoff, transferred: new Map() };
  const tool = defineTool({
    name: handoff.toolName,
    description: handoff.toolDescription,
    parameters: handoff.inputSchema ?? { type: 'object', properties: {} },
    strict: handoff.strict,
    source: `a handoff to agent "${handoff.agent.name}"`,
    // A transfer changes which agent runs, not the world: plan mode lets it through.
    readOnly: true,
    openWorld: false,
    invoke: async (ctx, input) => {
      if (handoff.onHandoff) await handoff.onHandoff(ctx, input);
      binding.transferred.set(ctx.callId, handoff.inputSchema ? input : undefined);
      return transferText(handoff);
    },
    ...(handoff.isEnabled ? { isEnabled: handoff.isEnabled } : {}),
  });
  bindings.set(tool, binding);
  return tool;
}

/** The binding of a handoff tool, or `undefined` for any other tool. @internal */
export function handoffBindingOf(tool: Tool | undefined): HandoffBinding | undefined {
  return tool ? bindings.get(tool) : undefined;
}

/** The output of the handoff call that is performed. */
function transferText(handoff: Handoff): string {
  return JSON.stringify({ assistant: handoff.agent.name, status: 'transferred' });
}

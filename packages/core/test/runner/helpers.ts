import { defineTool, type ScriptedModel, type Tool, type ToolContext, type ToolFields } from '@toolwright/core';

/** A tool taking `{ value: string }` (strict), built with defineTool. */
export function textTool(
  name: string,
  invoke: (ctx: ToolContext<any>, args: { value: string }) => unknown,
  fields: Partial<ToolFields> = {},
): Tool {
  return defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
    invoke,
    ...fields,
  });
}

/** A tool with no parameters. */
export function bareTool(name: string, invoke: (ctx: ToolContext<any>) => unknown, fields: Partial<ToolFields> = {}): Tool {
  return defineTool({ name, description: `The ${name} tool.`, parameters: { type: 'object', properties: {} }, invoke, ...fields });
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The `function_call_output` items of a history, as `callId → output`. */
export function outputsOf(history: readonly { type: string }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of history as Array<{ type: string; callId?: string; output?: unknown }>) {
    if (item.type === 'function_call_output') out[item.callId!] = item.output;
  }
  return out;
}

/** The names of the tools offered in each request a scripted model received, in order. */
export function offeredTools(model: ScriptedModel): string[][] {
  return model.requests.map((r) => r.tools.map((t) => t.name));
}

/** A scripted turn answering with the outputs of the request's history, as JSON (`callId → output`). */
export function finalOutputs() {
  return (request: { input: readonly { type: string }[] }) => ({ text: JSON.stringify(outputsOf(request.input)) });
}

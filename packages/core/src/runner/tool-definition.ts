import type { ModelToolDefinition } from '../contracts/model';
import type { Tool } from '../contracts/tool';
import { advertisedParameters } from '../duplicates/confirm-parameter';

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

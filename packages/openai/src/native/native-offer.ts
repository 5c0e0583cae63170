import type { ModelToolDefinition } from '@toolwright/core';
import type { Json } from '../shared/wire-values';

/** Built-in tool types this package maps: the output item type of a call, and of its answer. */
export const NATIVE_TYPES: Readonly<Record<string, { call: string; output: string }>> = {
  apply_patch: { call: 'apply_patch_call', output: 'apply_patch_call_output' },
  shell: { call: 'shell_call', output: 'shell_call_output' },
};

/**
 * Model families documented to be trained on the built-in `apply_patch` and `shell` tools:
 * GPT-5.1 and later (gpt-5.1, gpt-5.2, their -codex variants, gpt-6...) and the Codex models.
 */
const NATIVE_MODEL = /^(gpt-5\.[1-9]|gpt-[6-9]|gpt-5-codex|codex-)/;

/** Whether this model gets the tool's built-in type (ignoring which side of a pair the tool is). */
export function offeredNatively(tool: ModelToolDefinition, model: string): boolean {
  const native = tool.native;
  if (!native || !Object.hasOwn(NATIVE_TYPES, native.type)) return false;
  return native.when === 'always' || NATIVE_MODEL.test(model);
}

/**
 * The Responses API `tools` entries for a request: a tool offered natively is named by its type
 * only (`{ type: 'apply_patch' }`, `{ type: 'shell', environment: { type: 'local' } }`); a
 * native-only tool (`form: 'native'`) is left out where it is not offered natively, and a
 * function standing in for a built-in (`form: 'function'`) where that built-in is offered.
 */
export function responsesTools(tools: readonly ModelToolDefinition[], model: string): Json[] {
  const nativeTypes = new Set<string>();
  for (const tool of tools) if (tool.native?.form !== 'function' && offeredNatively(tool, model)) nativeTypes.add(tool.native!.type);
  const entries: Json[] = [];
  for (const tool of tools) {
    const form = tool.native?.form ?? 'either';
    if (form === 'function' && nativeTypes.has(tool.native!.type)) continue;
    if (form !== 'function' && offeredNatively(tool, model)) {
      // The shell runs on this machine (through the tool), never in a container of OpenAI's.
      entries.push(tool.native!.type === 'shell' ? { type: 'shell', environment: { type: 'local' } } : { type: tool.native!.type });
    } else if (form !== 'native') {
      entries.push({ type: 'function', name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict });
    }
  }
  return entries;
}

/** The tools a model without built-ins (Chat Completions) is offered: all but the native-only ones. */
export function functionTools(tools: readonly ModelToolDefinition[]): ModelToolDefinition[] {
  return tools.filter((tool) => tool.native?.form !== 'native');
}

/** For the tools offered natively: built-in call type (`shell_call`) → the tool's name. */
export function nativeToolNames(tools: readonly ModelToolDefinition[], model: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const tool of tools) {
    if (tool.native?.form !== 'function' && offeredNatively(tool, model)) names.set(NATIVE_TYPES[tool.native!.type]!.call, tool.name);
  }
  return names;
}

/**
 * `tool_choice` naming a tool: the built-in's own choice (`{ type: 'shell' }`) when that tool, or
 * the built-in it stands in for, is offered natively; the function otherwise.
 */
export function namedToolChoice(name: string, tools: readonly ModelToolDefinition[], model: string): Json {
  const tool = tools.find((t) => t.name === name);
  if (tool?.native && Object.hasOwn(NATIVE_TYPES, tool.native.type)) {
    const native = tools.some((t) => t.native?.type === tool.native!.type && t.native.form !== 'function' && offeredNatively(t, model));
    if (native) return { type: tool.native.type };
  }
  return { type: 'function', name };
}

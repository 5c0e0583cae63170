import type { FunctionCallItem, FunctionCallOutputItem, ModelToolDefinition } from '@toolwright/core';
import type { Json } from '../shared/wire-values';

/** Marks a function call that came from a built-in tool call, so it is sent back in that form. */
const NATIVE_KEY = 'openaiNative';

/** Built-in tool types this package maps, and the output item each call answers with. */
const SUPPORTED: Record<string, { call: string; output: string }> = {
  apply_patch: { call: 'apply_patch_call', output: 'apply_patch_call_output' },
};

/** Model families documented to be trained on the built-in `apply_patch` tool (GPT-5.1 and later, Codex models). */
const NATIVE_MODEL = /^(gpt-5\.\d|gpt-5-codex|codex-)/;

/** Whether a tool goes to this model in its built-in form. */
export function offeredNatively(tool: ModelToolDefinition, model: string): boolean {
  const native = tool.native;
  if (!native || !SUPPORTED[native.type]) return false;
  return native.when === 'always' || NATIVE_MODEL.test(model);
}

/** For the tools offered natively: built-in call type (`apply_patch_call`) → the tool's name. */
export function nativeToolNames(tools: readonly ModelToolDefinition[], model: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const tool of tools) if (offeredNatively(tool, model)) names.set(SUPPORTED[tool.native!.type].call, tool.name);
  return names;
}

/**
 * An `apply_patch_call` as a call of the tool it was offered for: its operation becomes the
 * `patch` argument in Codex's envelope (`*** Add File:` + the `+` lines, `*** Update File:` + the
 * chunks, `*** Delete File:`), so the same tool, planner, approvals and guardrails handle it. The
 * raw item is kept to be sent back unchanged.
 */
export function fromApplyPatchCall(raw: Json, toolName: string): FunctionCallItem {
  const operation = (raw.operation ?? {}) as Json;
  return {
    type: 'function_call',
    callId: String(raw.call_id ?? raw.id),
    name: toolName,
    arguments: JSON.stringify({ patch: envelope(operation) }),
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    providerData: { [NATIVE_KEY]: 'apply_patch_call', operation },
  };
}

/** The Codex envelope of a V4A operation. */
export function envelope(operation: Json): string {
  const path = String(operation.path ?? '');
  const diff = typeof operation.diff === 'string' ? operation.diff : '';
  const body = diff === '' || diff.endsWith('\n') ? diff : `${diff}\n`;
  switch (operation.type) {
    case 'create_file':
      return `*** Begin Patch\n*** Add File: ${path}\n${body}*** End Patch\n`;
    case 'delete_file':
      return `*** Begin Patch\n*** Delete File: ${path}\n*** End Patch\n`;
    default:
      return `*** Begin Patch\n*** Update File: ${path}\n${body}*** End Patch\n`;
  }
}

/** The built-in call item a function call came from, for the request input; undefined for ordinary calls. */
export function nativeCallInput(item: FunctionCallItem): Json | undefined {
  if (item.providerData?.[NATIVE_KEY] !== 'apply_patch_call') return undefined;
  return { type: 'apply_patch_call', call_id: item.callId, status: 'completed', operation: item.providerData.operation as Json };
}

/**
 * The output of a built-in call, in its own item type. `status` is `completed` when the tool
 * answered Codex's success summary, `failed` for anything else (a patch that did not apply, a
 * refusal, an argument error), with the text as `output`.
 */
export function nativeOutputInput(item: FunctionCallOutputItem, call: FunctionCallItem | undefined): Json | undefined {
  if (!call || call.providerData?.[NATIVE_KEY] !== 'apply_patch_call') return undefined;
  const output = typeof item.output === 'string' ? item.output : item.output.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
  return { type: 'apply_patch_call_output', call_id: item.callId, status: output.startsWith('Success.') ? 'completed' : 'failed', output };
}

import type { FunctionCallItem, FunctionCallOutputItem } from '@toolwright/core';
import type { Json } from '../shared/wire-values';
import { NATIVE_KEY, outputText } from './native-key';

/**
 * An `apply_patch_call` as a call of the tool it was offered for: its operation becomes the
 * `patch` argument in Codex's envelope (`*** Add File:` + the `+` lines, `*** Update File:` + the
 * chunks, `*** Delete File:`), so the same tool, planner, approvals and guardrails handle it. The
 * operation is kept to be sent back unchanged.
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

/** The `apply_patch_call` input item a call came from. */
export function applyPatchCallInput(item: FunctionCallItem): Json {
  return { type: 'apply_patch_call', call_id: item.callId, status: 'completed', operation: item.providerData!.operation as Json };
}

/**
 * The answer as an `apply_patch_call_output`: `failed` when the runner marked the output as an
 * error (the patch did not apply, the call was refused, its arguments were wrong, ...),
 * `completed` otherwise; the text the model reads is the `output`.
 */
export function applyPatchOutputInput(item: FunctionCallOutputItem): Json {
  return { type: 'apply_patch_call_output', call_id: item.callId, status: item.isError ? 'failed' : 'completed', output: outputText(item) };
}

import type { FunctionCallItem, FunctionCallOutputItem } from '@toolwright/core';
import type { Json } from '../shared/wire-values';
import { applyPatchCallInput, applyPatchOutputInput, fromApplyPatchCall } from './apply-patch-items';
import { NATIVE_KEY } from './native-key';
import { fromShellCall, isLocalShellCall, shellCallInput, shellOutputInput } from './shell-items';

/**
 * A built-in tool's call item (`apply_patch_call`, `shell_call`) as a call of the tool it was
 * offered for (`natives`: call type → tool name); undefined for any other item, and for a
 * `shell_call` that ran in a hosted container (OpenAI ran it; there is nothing to answer).
 */
export function fromNativeCall(raw: Json, natives: ReadonlyMap<string, string>): FunctionCallItem | undefined {
  const name = typeof raw.type === 'string' ? natives.get(raw.type) : undefined;
  if (name === undefined) return undefined;
  if (raw.type === 'apply_patch_call') return fromApplyPatchCall(raw, name);
  if (raw.type === 'shell_call' && isLocalShellCall(raw)) return fromShellCall(raw, name);
  return undefined;
}

/** The built-in call item a function call came from, for the request input; undefined for ordinary calls. */
export function nativeCallInput(item: FunctionCallItem): Json | undefined {
  switch (item.providerData?.[NATIVE_KEY]) {
    case 'apply_patch_call':
      return applyPatchCallInput(item);
    case 'shell_call':
      return shellCallInput(item);
    default:
      return undefined;
  }
}

/** The output of a built-in call in its own item type; undefined for the output of an ordinary call. */
export function nativeOutputInput(item: FunctionCallOutputItem, call: FunctionCallItem | undefined): Json | undefined {
  switch (call?.providerData?.[NATIVE_KEY]) {
    case 'apply_patch_call':
      return applyPatchOutputInput(item);
    case 'shell_call':
      return shellOutputInput(item, call);
    default:
      return undefined;
  }
}

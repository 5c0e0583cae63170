import type { FunctionCallOutputItem } from '@toolwright/core';

/**
 * The `providerData` key marking a function call that came from a built-in tool's call (its
 * value is the call item type, `apply_patch_call` or `shell_call`), so it is sent back in that form.
 */
export const NATIVE_KEY = 'openaiNative';

/** An output's text (text parts joined). */
export function outputText(item: FunctionCallOutputItem): string {
  return typeof item.output === 'string' ? item.output : item.output.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
}

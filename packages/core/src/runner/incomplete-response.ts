import type { FunctionCallItem } from '../items/item';
import { ToolResult } from '../result/tool-result';

/**
 * The output given to a call of a response the provider cut short: its arguments may be
 * half-written, so it was not run, and the model is asked to send it again.
 */
export function incompleteCallResult(call: FunctionCallItem, reason: string | undefined): ToolResult {
  return ToolResult.error(
    `Your previous response was cut off${reason ? ` (${reason})` : ''} before it was complete, ` +
      `so this call to "${call.name}" was not run. Send the call again, with complete arguments.`,
  );
}

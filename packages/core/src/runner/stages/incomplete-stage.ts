import type { FunctionCallItem } from '../../items/item';
import { ToolResult } from '../../result/tool-result';
import { answer } from './batch-call';
import type { BatchStage } from './batch-stage';

/**
 * The only stage of a batch from a response the provider cut short: its arguments may be
 * half-written, so no call runs; each is answered with a notice asking the model to send it
 * again (not counted as a failure). @internal
 */
export const incompleteStage: BatchStage = {
  name: 'incomplete',
  review: (ctx, calls) => calls.map((c) => answer(c.index, incompleteCallResult(c.call, ctx.batch.incompleteReason), false, 'incomplete_response')),
};

function incompleteCallResult(call: FunctionCallItem, reason: string | undefined): ToolResult {
  return ToolResult.error(
    `Your previous response was cut off${reason ? ` (${reason})` : ''} before it was complete, ` +
      `so this call to "${call.name}" was not run. Send the call again, with complete arguments.`,
  );
}

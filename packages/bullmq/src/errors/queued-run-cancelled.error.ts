import { ToolwrightError } from '@toolwright/core';

/** The run was cancelled with `queue.cancel(runId)` (`queue.result` rejects with it; `queue.events` throws it). */
export class QueuedRunCancelledError extends ToolwrightError {
  constructor(readonly runId: string) {
    super(`Run ${runId} was cancelled (queue.cancel).`);
  }
}

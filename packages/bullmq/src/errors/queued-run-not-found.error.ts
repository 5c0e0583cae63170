import { ToolwrightError } from '@toolwright/core';

/** No run of this queue has the id (never enqueued, enqueued on another queue, or expired). */
export class QueuedRunNotFoundError extends ToolwrightError {
  constructor(readonly runId: string) {
    super(`No run ${runId} in this queue: check the run id and the queue name (RunQueue({ name }) and RunWorker({ queueName }) must match).`);
  }
}

import { ToolwrightError } from '@toolwright/core';

/**
 * A run of the queue ended with an error on its worker (`queue.result` rejects with it, and
 * `queue.events` throws it after the run's last event). `errorName` and the message are those of
 * the worker's error, e.g. `MaxTurnsExceededError` or `UnfinishedToolCallError`.
 */
export class QueuedRunFailedError extends ToolwrightError {
  constructor(
    readonly runId: string,
    readonly errorName: string,
    message: string,
  ) {
    super(`Run ${runId} failed on its worker with ${errorName}: ${message}`);
  }
}

import { ToolwrightError } from '@toolwright/core';

/**
 * Why a run was cancelled when the Nest application shut down (`app.close()`, or a signal with
 * `enableShutdownHooks()`): it was still running when the grace period ended, or it started
 * after the shutdown began. The run's `RunCancelledError` carries it as `reason`;
 * `ToolwrightExceptionFilter` answers 503 (Service Unavailable).
 */
export class ApplicationShutdownError extends ToolwrightError {
  constructor(readonly graceMs: number) {
    super(graceMs > 0 ? `The application is shutting down; the run did not finish within the ${graceMs} ms grace period.` : 'The application is shutting down.');
  }
}

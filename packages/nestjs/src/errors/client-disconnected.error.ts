import { ToolwrightError } from '@toolwright/core';

/**
 * Why a run tied to an HTTP request (`@RunSignal()`, `requestSignal`) was cancelled: the client
 * closed the connection before the response was sent. The run's `RunCancelledError` carries it
 * as `reason`; `ToolwrightExceptionFilter` answers 499 (Client Closed Request).
 */
export class ClientDisconnectedError extends ToolwrightError {
  constructor() {
    super('The client closed the connection before the response was sent.');
  }
}

import { ToolwrightError } from './toolwright.error';

/** A tool call ran longer than its `timeoutMs`. The runner stops waiting at once. */
export class ToolTimeoutError extends ToolwrightError {
  constructor(
    readonly toolName: string,
    readonly callId: string,
    readonly timeoutMs: number,
  ) {
    super(`Tool "${toolName}" (call ${callId}) timed out after ${timeoutMs} ms.`);
  }
}

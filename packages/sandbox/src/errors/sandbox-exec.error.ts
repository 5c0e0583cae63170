import { ToolwrightError } from '@toolwright/core';

/**
 * A command could not be run at all (the backend is unreachable, the program to start the
 * command is missing, the engine refused the container, ...). A command that ran and failed is
 * not an error: its `ExecResult` has the exit code.
 */
export class SandboxExecError extends ToolwrightError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

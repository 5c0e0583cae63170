import { ToolwrightError } from '@toolwright/core';

/** A file operation on a sandbox that was created without a persistent working directory. */
export class NoWorkDirError extends ToolwrightError {
  constructor(readonly operation: string) {
    super(
      `sandbox: no persistent working directory configured, so ${operation} is not possible. ` +
        'Create the sandbox with a workDir to use files.',
    );
  }
}

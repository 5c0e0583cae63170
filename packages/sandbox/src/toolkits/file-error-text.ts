import { UserError } from '@toolwright/core';
import { ApplyPatchError } from '../apply-patch/apply-patch.error';
import { NoWorkDirError } from '../errors/no-work-dir.error';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';

/** Raised by {@link withTimeout} when a file operation takes too long. */
export class FileOperationTimeout extends Error {}

/**
 * The answer to a failed file operation, for the model: `error: <op> <path>: <kind>`, where the
 * kind is `not found`, `outside the working directory`, `file exceeds read limit`, ... and never a
 * host path. A misconfiguration (`UserError`) is rethrown: it is for the developer, not the model.
 */
export function fileErrorText(operation: 'read' | 'write' | 'list', path: string, error: unknown): string {
  if (error instanceof UserError) throw error;
  return `error: ${operation} ${path}: ${kindOf(error)}`;
}

function kindOf(error: unknown): string {
  if (error instanceof SandboxFileError) return error.kindText;
  if (error instanceof OutsideWorkDirError) return 'outside the working directory';
  if (error instanceof NoWorkDirError) return 'no persistent working directory configured';
  if (error instanceof FileOperationTimeout) return 'timed out';
  if (error instanceof ApplyPatchError) return error.message;
  return 'operation failed';
}

/** Runs a file operation with a deadline (the operation itself is not interrupted, only waited for). */
export async function withTimeout<T>(timeoutMs: number, operation: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      operation(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new FileOperationTimeout('timed out')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

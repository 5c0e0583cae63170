import { ToolwrightError } from '@toolwright/core';

/** What stage of `applyPatch` failed. */
export type ApplyPatchErrorKind = 'parse' | 'apply' | 'rolled_back' | 'rollback_failed';

/**
 * A patch could not be applied. Parse and planning failures change nothing; a failure while
 * writing is rolled back (`rolled_back`), and only if the rollback itself fails (`rollback_failed`)
 * can the tree differ from before, which the message then says file by file.
 */
export class ApplyPatchError extends ToolwrightError {
  constructor(
    readonly kind: ApplyPatchErrorKind,
    message: string,
    /** For parse errors: the 1-based line of the patch at fault. */
    readonly lineNumber?: number,
    /** For parse errors: the message without the "Invalid patch…" prefix. */
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** A parse error about the patch as a whole ("Invalid patch: …"). */
  static invalidPatch(detail: string): ApplyPatchError {
    return new ApplyPatchError('parse', `Invalid patch: ${detail}`, undefined, detail);
  }

  /** A parse error at a line ("Invalid patch hunk on line N: …"). */
  static invalidHunk(lineNumber: number, detail: string): ApplyPatchError {
    return new ApplyPatchError('parse', `Invalid patch hunk on line ${lineNumber}: ${detail}`, lineNumber, detail);
  }

  /** The patch parsed but does not fit the files (nothing was written). */
  static notApplicable(message: string, cause?: unknown): ApplyPatchError {
    return new ApplyPatchError('apply', message, undefined, undefined, { cause });
  }
}

import { ToolwrightError } from '@toolwright/core';

/** What went wrong with a file operation, as a stable code. */
export type SandboxFileErrorKind =
  | 'not_found'
  | 'is_directory'
  | 'not_directory'
  | 'not_empty'
  | 'already_exists'
  | 'too_large'
  | 'permission_denied'
  | 'busy'
  | 'invalid'
  | 'loop'
  | 'failed';

const KIND_TEXT: Record<SandboxFileErrorKind, string> = {
  not_found: 'not found',
  is_directory: 'is a directory',
  not_directory: 'not a directory',
  not_empty: 'directory not empty',
  already_exists: 'already exists',
  too_large: 'file exceeds read limit',
  permission_denied: 'permission denied',
  busy: 'the path kept changing while it was being resolved',
  invalid: 'not a valid path',
  loop: 'too many levels of symbolic links',
  failed: 'operation failed',
};

/**
 * A file operation inside the working directory failed. `kind` says how; the message names the
 * path as the caller gave it (never a host path) and the kind in words.
 */
export class SandboxFileError extends ToolwrightError {
  constructor(
    readonly kind: SandboxFileErrorKind,
    /** The path as the caller gave it. */
    readonly path: string,
    /** Extra words for the message, e.g. the size limit. */
    readonly detail?: string,
  ) {
    super(`"${path}": ${KIND_TEXT[kind]}${detail ? ` (${detail})` : ''}`);
  }

  /** The kind in words: `not found`, `is a directory`, ... */
  get kindText(): string {
    return KIND_TEXT[this.kind];
  }
}

import { SandboxFileError, type SandboxFileErrorKind } from '../errors/sandbox-file.error';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { NoWorkDirError } from '../errors/no-work-dir.error';

const BY_CODE: Record<string, SandboxFileErrorKind> = {
  ENOENT: 'not_found',
  EISDIR: 'is_directory',
  ENOTDIR: 'not_directory',
  ENOTEMPTY: 'not_empty',
  EEXIST: 'already_exists',
  EACCES: 'permission_denied',
  EPERM: 'permission_denied',
  EROFS: 'permission_denied',
  ELOOP: 'loop',
  EBUSY: 'busy',
};

/**
 * Turns an error from a file system call into a `SandboxFileError` naming the requested path.
 * The original message (which holds the host path) is dropped; sandbox errors pass through. @internal
 */
export function toFileError(error: unknown, requested: string): Error {
  if (error instanceof SandboxFileError || error instanceof OutsideWorkDirError || error instanceof NoWorkDirError) return error;
  const code = (error as { code?: unknown })?.code;
  const kind = typeof code === 'string' ? BY_CODE[code] : undefined;
  return new SandboxFileError(kind ?? 'failed', requested, kind ? undefined : typeof code === 'string' ? code : undefined);
}

/** The errno code of an error, if it has one. @internal */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

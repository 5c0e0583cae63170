import { UserError } from '@toolwright/core';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { ReadFileOptions } from '../sandbox/sandbox';

/** Limits on file operations; every sandbox with a working directory takes them as options. */
export interface FileLimits {
  /** Most bytes one read returns; a whole-file read of a larger file fails (`too_large`). Default 8 MiB. */
  maxReadBytes?: number;
  /** Most entries a directory listing returns; a larger directory fails (`too_large`). Default 100,000. */
  maxListEntries?: number;
}

/** Defaults of {@link FileLimits}. */
export const DEFAULT_FILE_LIMITS: Readonly<Required<FileLimits>> = Object.freeze({ maxReadBytes: 8 * 1024 * 1024, maxListEntries: 100_000 });

/** Checks a sandbox's file limits at construction. @internal */
export function resolveFileLimits(limits: FileLimits, where: string): Required<FileLimits> {
  const out = {
    maxReadBytes: limits.maxReadBytes ?? DEFAULT_FILE_LIMITS.maxReadBytes,
    maxListEntries: limits.maxListEntries ?? DEFAULT_FILE_LIMITS.maxListEntries,
  };
  for (const [key, value] of Object.entries(out)) {
    if (!Number.isInteger(value) || value <= 0) throw new UserError(`${where}: ${key} must be a positive whole number (got ${String(value)}).`);
  }
  return out;
}

/** Checks a read's byte range. @internal */
export function checkRange(options: ReadFileOptions, path: string): { offset: number; limit: number | undefined } {
  const { offset = 0, limit } = options ?? {};
  if (!Number.isInteger(offset) || offset < 0) throw new SandboxFileError('invalid', path, 'offset must be a whole number ≥ 0');
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw new SandboxFileError('invalid', path, 'limit must be a whole number ≥ 0');
  return { offset, limit };
}
